import type { Db } from '../db/index.js';
import { enqueue } from '../jobs/queue.js';
import type { EnqueueOptions } from '../jobs/queue.js';
import type { MailMessage } from './mailer.js';

/**
 * Tries before a message is given up on: the queue's backoff doubles from 2 s, so twelve tries
 * span a little over an hour of an SMTP server being away.
 */
export const MAIL_MAX_ATTEMPTS = 12;

export type QueueMailOptions = Pick<EnqueueOptions, 'runAt' | 'maxAttempts' | 'dedupeKey' | 'clock'>;

/**
 * Queues one e-mail for the worker (the `mail.send` job); a request never talks to SMTP. Render
 * the message in the recipient's language first (`mails.x(asLang(user.lang), ...)`) and queue it
 * in the unit of work that records the change the mail is about (a request's `deps.change`, a
 * job's `job.change` or `job.tx`), which wakes the in-process worker once it has committed:
 *
 *   await deps.change(ctx, async (u) => {
 *     ...
 *     await u.mail(mails.accountApproved(asLang(user.lang), user, url));
 *   });
 *
 * Returns the job id (null when `dedupeKey` names a job that exists).
 */
export function queueMail(db: Db, msg: MailMessage, opts: QueueMailOptions = {}): Promise<number | null> {
  const { to, subject, text, html, links, attachments } = msg;
  return enqueue(
    db,
    'mail.send',
    { to, subject, text, html, links, ...(attachments?.length ? { attachments } : {}) },
    { maxAttempts: MAIL_MAX_ATTEMPTS, ...opts },
  );
}
