import type { ApiKey, ApiKeyAdminItem } from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { ApiKeysTable } from '../../db/schema.js';

type Row = Selectable<ApiKeysTable>;

export const scopesOf = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
};

export const keyState = (r: Pick<Row, 'revoked_at' | 'expires_at'>, at: string): ApiKey['state'] =>
  r.revoked_at !== null ? 'revoked' : r.expires_at !== null && r.expires_at <= at ? 'expired' : 'active';

/** A key as its owner and administrators see it: never its hash, and its secret only on creation. */
export const apiKeyView = (r: Row, at: string): ApiKey => ({
  id: r.id,
  name: r.name,
  last4: r.last4,
  scopes: scopesOf(r.scopes_json),
  expires_at: r.expires_at,
  created_at: r.created_at,
  last_used_at: r.last_used_at,
  revoked_at: r.revoked_at,
  state: keyState(r, at),
});

export const apiKeyAdminView = (
  r: Row & { first_name: string; last_name: string; email: string },
  at: string,
): ApiKeyAdminItem => ({
  ...apiKeyView(r, at),
  owner: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
});
