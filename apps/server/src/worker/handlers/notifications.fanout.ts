import { fanOutComment, fanOutShare } from '../../modules/notifications/notifications.fanout.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Turns a comment or a share into its recipients' notifications (modules/notifications), then
 * tells this process's streams; streams in other processes find the rows by polling. Idempotent:
 * a run again after a crash skips whoever was told already.
 */
export const notificationsFanout = defineHandler({
  schema: jobSchemas['notifications.fanout'],
  async run(p, ctx) {
    const stored =
      p.kind === 'comment'
        ? await fanOutComment(ctx.tx, ctx.clock, p.commentId, ctx.mailWindowMs)
        : await fanOutShare(ctx.tx, ctx.clock, p);
    for (const n of stored) ctx.notificationPublished(n.user_id, n.id);
    return { notified: stored.length };
  },
});
