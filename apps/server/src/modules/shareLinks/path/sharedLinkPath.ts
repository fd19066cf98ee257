import { unseal } from '../../../lib/crypto.js';

// The lower part of share links: a link's app path, which notifications name too (they sit below shareLinks).

/** The seal (lib/crypto) a link's token is stored under. */
export const SEAL = 'share-link-token';
export const linkPath = (collectionId: number, token: string, audience: string) =>
  audience === 'anyone'
    ? `/collections/shared/${collectionId}/public/using/${token}`
    : `/collections/shared/${collectionId}/using/${token}`;

/**
 * The app path that opens a link (`/collections/shared/{id}/using/{token}`), from its sealed
 * token; null when the token cannot be unsealed (another app key). Notifications name it too.
 */
export function sharedLinkPath(
  appKey: string,
  row: { collection_id: number; token_enc: string; audience: string },
): string | null {
  const token = unseal(appKey, SEAL, row.token_enc);
  return token ? linkPath(row.collection_id, token, row.audience) : null;
}
