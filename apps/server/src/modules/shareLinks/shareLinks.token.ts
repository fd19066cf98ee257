import { hmac, unseal } from '../../lib/crypto.js';

/** What a link's token is sealed under in `token_enc`, so its owner can see the link again. */
export const SEAL = 'share-link-token';

/** The app path that opens a link: anyone-with-the-link has its own, signed-out page. */
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

/** The lookup key of a token: its HMAC with the app key (the token itself is never stored). */
export const tokenHashOf = (appKey: string, token: string) => hmac(appKey, `share-link|${token}`);
