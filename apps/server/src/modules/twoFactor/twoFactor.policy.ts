import type { Principal } from '../../access/principal.js';
import { isUser, viaApiKey } from '../../access/principal.js';

/**
 * Two-factor settings are the account owner's, in a signed-in session: a request made with an API
 * key never reads or changes them (a leaked key must not turn off the second factor).
 */
export const twoFactorPolicy = {
  selfService: (p: Principal | null) => isUser(p) && !viaApiKey(p),
  /** Turning it on or off and renewing codes: the person themselves, never an administrator acting as them. */
  ownChange: (p: Principal | null) => isUser(p) && !viaApiKey(p) && p.emulatorId === null,
};
