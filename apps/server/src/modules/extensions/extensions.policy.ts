import type { Principal } from '../../access/principal.js';
import { isAdmin } from '../../access/principal.js';

export type ExtensionAction = 'view' | 'create' | 'change_status';

/** The list of file types an upload accepts is the administrators' alone (listing its names is open). */
export const extensionsPolicy = {
  can: (principal: Principal | null, _action: ExtensionAction) => isAdmin(principal),
};
