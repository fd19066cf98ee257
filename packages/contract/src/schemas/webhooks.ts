import { z } from 'zod';
import { Id, PageQuery, QueryInt, Timestamp, paginated, text } from './common.js';

/**
 * Signed webhooks (issue 41 §4): a brand's managers subscribe an HTTPS address to the brand's
 * events; each delivery is signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) with the subscription's `whsec_` secret, shown once.
 */
export const WEBHOOK_EVENTS = [
  'asset.created',
  'asset.updated',
  'asset.removed',
  'asset.restored',
  'asset.version_created',
  'asset.expired',
  'comment.created',
  'collection.shared',
  'download.completed',
  'user.approved',
  'sync.run_finished',
  'template_import.applied',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event "send a test event" delivers; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
/** Attempts per event (the first and its retries over about a day). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Failed attempts in a row after which a subscription is disabled and its creator told. */
export const WEBHOOK_DISABLE_AFTER = 20;
export const WEBHOOK_URL_MAX = 2000;

export const WebhookBody = z.object({
  brand_id: Id,
  url: text().trim().min(1).max(WEBHOOK_URL_MAX),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  description: text().trim().max(255).default(''),
});
export type WebhookBody = z.input<typeof WebhookBody>;
export const WebhookUpdateBody = WebhookBody.omit({ brand_id: true });
export type WebhookUpdateBody = z.input<typeof WebhookUpdateBody>;

export const Webhook = z.object({
  id: z.number().int(),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  enabled: z.boolean(),
  disabled_at: Timestamp.nullable(),
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.number().int(),
  /** Until when the previous secret still signs (a rotation's overlap), if any. */
  previous_secret_until: Timestamp.nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: Timestamp,
  last_delivery: z
    .object({ state: z.enum(WEBHOOK_DELIVERY_STATES), status_code: z.number().int().nullable(), at: Timestamp })
    .nullable(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Webhook = z.infer<typeof Webhook>;
export const WebhookResponse = z.object({ webhook: Webhook });
/** Creating or rotating answers the secret, this once. */
export const WebhookSecretResponse = z.object({ webhook: Webhook, secret: z.string() });
export const WebhookListQuery = PageQuery.extend({ brand_id: QueryInt(1, 2_147_483_647) });
export const WebhookList = paginated(Webhook);

export const WebhookDelivery = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  status_code: z.number().int().nullable(),
  response_ms: z.number().int().nullable(),
  /** The first kilobyte of the receiver's answer, as text. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  next_attempt_at: Timestamp.nullable(),
  delivered_at: Timestamp.nullable(),
  created_at: Timestamp,
  /** The JSON body that was (or will be) sent. */
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryList = paginated(WebhookDelivery);
export const WebhookDeliveryResponse = z.object({ delivery: WebhookDelivery });
export const WebhookDeliveryParams = z.object({ id: Id, deliveryId: Id });
