import { z } from 'zod';
import { isPermanentMailError } from '../../mail/mailer.js';
import { PermanentJobError } from '../errors.js';
import { defineHandler } from '../types.js';

/** A message rendered by the caller, in the recipient's language (mail/templates.ts). */
const Message = z.object({
  to: z.string().min(1).max(320),
  subject: z.string().max(1000),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()).default([]),
  attachments: z
    .array(z.object({ filename: z.string().max(255), contentType: z.string().max(255), content: z.string() }))
    .max(5)
    .optional(),
});

/**
 * What is kept once the message is sent or given up on: its links carry secrets (password reset
 * and verification tokens, stored hashed elsewhere), so the row does not keep them. A re-run
 * after a crash finds this and does not send again.
 */
const Redacted = z.object({
  redacted: z.literal(true),
  to: z.string(),
  subject: z.string(),
  outcome: z.enum(['sent', 'failed']),
});

/**
 * Sends one e-mail (queued by mail/queueMail.ts). Delivery is at least once: a crash between the
 * SMTP server's acceptance and the row being rewritten sends it again. A transient failure (4xx,
 * the server away) is retried with the queue's backoff; a permanent one (5xx: no such mailbox)
 * fails at once.
 */
export const mailSend = defineHandler({
  schema: z.union([Redacted, Message]),
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
