import type { Principal } from '../../access/principal.js';
import { hasPermission, isAdmin } from '../../access/principal.js';

/**
 * People (issue 42 §3): admins turn faces on and off for a brand (personal data); those who may
 * edit assets name, merge, split and hide people; everyone else sees people only through the
 * assets they can see (the assets policy decides those).
 */
export const peoplePolicy = {
  switches: (principal: Principal) => isAdmin(principal),
  manages: (principal: Principal) => hasPermission(principal, 'asset.update'),
  abilities: (principal: Principal) => ({
    can_switch: peoplePolicy.switches(principal),
    can_manage: peoplePolicy.manages(principal),
  }),
};
