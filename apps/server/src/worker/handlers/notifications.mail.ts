import { mailDueNotifications } from '../../modules/notifications/notifications.mail.js';
import { jobMedia } from '../../modules/brands/brands.mailFace.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** Every minute (worker/start.ts): the batched notification mail whose window has passed. */
export const notificationsMail = defineHandler({
  schema: jobSchemas['notifications.mail'],
  async run(_p, ctx) {
    if (!ctx.appUrl) throw new PermanentJobError('this worker has no APP_URL for the links');
    return { mails: await mailDueNotifications(ctx, ctx.clock, ctx.appUrl, jobMedia(ctx.appKey, ctx.clock)) };
  },
});
