import type { Actor } from '../../access/principal.js';
import { isAdmin, viaApiKey } from '../../access/principal.js';

/**
 * Single sign-on settings are the administrators' alone, and only from a signed-in session: an API
 * key never changes how people sign in (issue 41 §3).
 */
export const ssoPolicy = {
  can: (actor: Actor, _action: 'manage') => isAdmin(actor) && !viaApiKey(actor),
};
