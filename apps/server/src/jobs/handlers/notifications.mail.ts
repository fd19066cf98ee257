import { z } from 'zod';
import { mailDueNotifications } from '../../modules/notifications/notifications.mail.js';
import { PermanentJobError } from '../errors.js';
import { defineHandler } from '../types.js';

/** Every minute (jobs/start.ts): the batched notification mail whose window has passed. */
export const notificationsMail = defineHandler({
  schema: z.object({}),
  async run(_p, ctx) {
    if (!ctx.appUrl) throw new PermanentJobError('this worker has no APP_URL for the links');
    return { mails: await mailDueNotifications(ctx.db, ctx.clock, ctx.appUrl) };
  },
});
