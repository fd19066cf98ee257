import { uploadRequestPath } from '@brandvault/contract';
import { hmac, unseal } from '../../lib/crypto.js';

/** The seal (lib/crypto) a request's token is stored under, so its owner can copy the link again. */
export const SEAL = 'upload-request-token';
/** The lookup key of a token: its HMAC with the app key (the token itself is never stored). */
export const tokenHashOf = (appKey: string, token: string) => hmac(appKey, `upload-request|${token}`);
/** A token as the links hand them out; anything else is an unknown link. */
export const wellFormed = (token: string) => /^[A-Za-z0-9_-]{20,200}$/.test(token);
/** The public page's app path of a request, or null when its token cannot be unsealed (another app key). */
export function requestPath(appKey: string, row: { token_enc: string }) {
  const token = unseal(appKey, SEAL, row.token_enc);
  return token ? uploadRequestPath(token) : null;
}
