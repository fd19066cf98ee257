import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { attempt } from '../../modules/webhooks/webhooks.deliveries.js';

/**
 * One signed delivery attempt (modules/webhooks). A receiver's failure is the job's success: the
 * attempt is stored and the next one planned as its own row and job, on the webhooks' schedule.
 */
export const webhooksDeliver = defineHandler({
  schema: jobSchemas['webhooks.deliver'],
  // The receiver's 5 s, the address lookup and the database writes.
  timeoutMs: 30_000,
  run: async (p, ctx) => ({ state: await attempt(p.deliveryId, ctx) }),
});
