import type { Webhook, WebhookDelivery, WebhookEvent } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import { webhooksPolicy } from './webhooks.policy.js';
import type { DeliveryRow, WebhookRow } from './webhooks.repo.js';

/** A subscription as the contract shows it: never its secret, only when a rotation's overlap ends. */
export function webhookView(actor: Actor, r: WebhookRow, last: DeliveryRow | undefined, now: string): Webhook {
  return {
    id: r.id,
    brand: { id: r.brand_id, name: r.brand_name },
    url: r.url,
    events: JSON.parse(r.events) as WebhookEvent[],
    description: r.description ?? '',
    enabled: !!r.enabled,
    disabled_at: r.disabled_at,
    disabled_reason: r.disabled_reason,
    consecutive_failures: r.consecutive_failures,
    previous_secret_until: r.previous_until && r.previous_until > now ? r.previous_until : null,
    created_by:
      r.created_by !== null
        ? { id: r.created_by, name: `${r.creator_first ?? ''} ${r.creator_last ?? ''}`.trim() }
        : null,
    created_at: r.created_at,
    last_delivery: last
      ? {
          state: last.state as WebhookDelivery['state'],
          status_code: last.status_code,
          at: last.delivered_at ?? last.created_at,
        }
      : null,
    abilities: webhooksPolicy.abilities(actor),
  };
}

export const deliveryView = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id,
  event_id: d.event_id,
  event_type: d.event_type,
  attempt: d.attempt,
  state: d.state as WebhookDelivery['state'],
  status_code: d.status_code,
  response_ms: d.response_ms,
  response_excerpt: d.response_excerpt,
  error: d.error,
  next_attempt_at: d.next_attempt_at,
  delivered_at: d.delivered_at,
  created_at: d.created_at,
  payload: d.payload,
});
