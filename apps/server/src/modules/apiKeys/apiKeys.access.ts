import { ADMIN_ROLE } from '@brandvault/contract';
import { scopesOf } from './apiKeys.view.js';

/** Whether a key no longer signs anyone in: revoked, or past its expiry. */
export const keyRefused = (row: { key_revoked_at: string | null; key_expires_at: string | null }, at: string) =>
  row.key_revoked_at !== null || (row.key_expires_at !== null && row.key_expires_at <= at);

/**
 * A key's grants: its scopes that its owner holds now (a demotion reaches every key at once), and
 * the owner's roles. The admin role, which opens screens no permission names (audit log, every
 * brand), stays only on a key holding all of its owner's permissions: a narrow key of an
 * administrator is as narrow as its scopes.
 */
export function keyGrants(scopesJson: string, owner: { roles: string[]; permissions: ReadonlySet<string> }) {
  const scopes = new Set(scopesOf(scopesJson));
  const permissions = new Set([...owner.permissions].filter((p) => scopes.has(p)));
  const full = permissions.size === owner.permissions.size;
  return { roles: full ? owner.roles : owner.roles.filter((r) => r !== ADMIN_ROLE), permissions };
}
