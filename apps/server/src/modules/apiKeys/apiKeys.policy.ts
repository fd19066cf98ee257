import type { Actor } from '../../access/principal.js';
import { isAdmin, viaApiKey } from '../../access/principal.js';

type Row = { user_id: number };

/**
 * A person manages their own keys from a signed-in session; administrators list and revoke anyone's.
 * A request made with a key manages no key (the routes are session-only; this is the second lock).
 */
export const apiKeysPolicy = {
  can(actor: Actor, action: 'revoke' | 'rotate' | 'administer', row?: Row) {
    if (viaApiKey(actor)) return false;
    if (action === 'administer') return isAdmin(actor);
    return row !== undefined && row.user_id === actor.user.id;
  },
  /** The scopes a person may give a key: the permissions they hold now. */
  grantable: (actor: Actor) => actor.permissions,
};
