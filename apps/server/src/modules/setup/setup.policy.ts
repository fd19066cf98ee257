import type { Principal } from '../../access/principal.js';
import { isAdmin } from '../../access/principal.js';

export type SetupAction = 'view' | 'update';

/** The first-run screen is the administrators'; the organisation's name is public (sign-in page). */
export const setupPolicy = {
  can: (principal: Principal | null, _action: SetupAction) => isAdmin(principal),
};
