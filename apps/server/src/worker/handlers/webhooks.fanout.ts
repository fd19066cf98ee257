import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { fanOut } from '../../modules/webhooks/webhooks.deliveries.js';

/** A brand's event → one delivery (row and job) per subscription that asked for it. */
export const webhooksFanout = defineHandler({
  schema: jobSchemas['webhooks.fanout'],
  run: async (p, ctx) => ({ deliveries: await fanOut(p, ctx) }),
});
