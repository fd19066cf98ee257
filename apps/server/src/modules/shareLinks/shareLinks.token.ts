import { hmac } from '../../lib/crypto.js';

/** The lookup key of a token: its HMAC with the app key (the token itself is never stored). */
export const tokenHashOf = (appKey: string, token: string) => hmac(appKey, `share-link|${token}`);
