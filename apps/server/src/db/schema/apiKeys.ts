import type { Generated } from 'kysely';

// API keys (2026120103_api_keys).

/** `key_hash`: SHA-256 hex of the secret; `scopes_json`: a JSON array of permission names. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  key_hash: string;
  last4: string;
  scopes_json: string;
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
