import type { Actor } from '../../access/principal.js';
import { isAdmin, viaApiKey } from '../../access/principal.js';

type Row = { user_id: number };

/**
 * A person manages their own keys from a signed-in session; administrators list and revoke anyone's.
 * A request made with a key manages no key (the routes are session-only; this is the second lock).
 */
export const apiKeysPolicy = {
  can(actor: Actor, action: 'create' | 'revoke' | 'rotate' | 'administer', row?: Row) {
    if (viaApiKey(actor)) return false;
    // An administrator acting as someone must not leave a key of theirs behind when emulation ends.
    if ((action === 'create' || action === 'rotate') && actor.emulatorId !== null) return false;
    if (action === 'administer') return isAdmin(actor);
    if (action === 'create') return true;
    return row !== undefined && row.user_id === actor.user.id;
  },
  /** The scopes a person may give a key: the permissions they hold now. */
  grantable: (actor: Actor) => actor.permissions,
};
