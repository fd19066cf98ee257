import { hmac } from '../../lib/crypto.js';

/** The seal (lib/crypto) a link's token is stored under, so managers can copy it again. */
export const GUIDELINE_LINK_SEAL = 'guideline-link-token';
/** The lookup key of a token: its HMAC with the app key (the token itself is never stored). */
export const guidelineLinkTokenHash = (appKey: string, token: string) => hmac(appKey, `guideline-link|${token}`);
/** The web app's path that opens a link without signing in. */
export const guidelineLinkPath = (token: string) => `/guidelines/public/${token}`;
