import { seal as sealFor, unseal } from './crypto.js';

// One purpose for every stored secret (OIDC client secrets, TOTP seeds, webhook secrets): the key
// is derived from the app key, so a database copy without the app key reveals none of them.
const PURPOSE = 'secret-box';

/** AES-256-GCM under a key derived from the app key. */
export const seal = (appKey: string, text: string) => sealFor(appKey, PURPOSE, text);

/** The text `seal` sealed, or null when it was sealed under another key (the app key changed). */
export const open = (appKey: string, sealed: string) => unseal(appKey, PURPOSE, sealed);
