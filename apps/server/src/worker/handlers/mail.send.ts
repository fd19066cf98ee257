import { isPermanentMailError } from '../../mail/mailer.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Sends one e-mail (queued by mail/queueMail.ts). Delivery is at least once: a crash between the
 * SMTP server's acceptance and the row being rewritten sends it again. A transient failure (4xx,
 * the server away) is retried with the queue's backoff; a permanent one (5xx: no such mailbox)
 * fails at once.
 */
export const mailSend = defineHandler({
  schema: jobSchemas['mail.send'],
  timeoutMs: 90_000,
  async run(msg, ctx) {
    if ('redacted' in msg) {
      if (msg.outcome === 'failed') throw new PermanentJobError('gave up on this message earlier');
      return;
    }
    if (!ctx.mailer) throw new PermanentJobError('this worker has no mailer');
    const kept = { redacted: true as const, to: msg.to, subject: msg.subject };
    try {
      await ctx.mailer.send(msg);
    } catch (err) {
      const permanent = isPermanentMailError(err);
      if (permanent || ctx.job.attempt >= ctx.job.maxAttempts)
        await ctx.redactPayload({ ...kept, outcome: 'failed' }).catch(() => undefined);
      if (permanent) throw new PermanentJobError(err instanceof Error ? err.message : String(err));
      throw err;
    }
    await ctx.redactPayload({ ...kept, outcome: 'sent' });
  },
});
