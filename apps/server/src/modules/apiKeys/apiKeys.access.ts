import { scopesOf } from './apiKeys.view.js';

/** Whether a key no longer signs anyone in: revoked, or past its expiry. */
export const keyRefused = (row: { key_revoked_at: string | null; key_expires_at: string | null }, at: string) =>
  row.key_revoked_at !== null || (row.key_expires_at !== null && row.key_expires_at <= at);

/** A key's permissions: its scopes that its owner holds now (a demotion reaches every key at once). */
export function keyPermissions(scopesJson: string, owner: ReadonlySet<string>): Set<string> {
  return new Set(scopesOf(scopesJson).filter((s) => owner.has(s)));
}
