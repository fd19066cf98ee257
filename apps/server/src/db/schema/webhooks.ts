import type { Generated } from 'kysely';

// Webhook subscriptions and their delivery attempts (2026120104_webhooks).

/** `events`: a JSON array of event types; the secrets are sealed with the app key (lib/crypto.ts). */
export interface WebhookSubscriptionsTable {
  id: Generated<number>;
  brand_id: number;
  url: string;
  events: string;
  description: string | null;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_until: string | null;
  enabled: number;
  disabled_at: string | null;
  disabled_reason: string | null;
  consecutive_failures: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One attempt. `state`: pending (due at next_attempt_at), delivered, failed (a later attempt may follow). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  subscription_id: number;
  event_id: string;
  event_type: string;
  payload: string;
  attempt: number;
  state: string;
  status_code: number | null;
  response_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}
