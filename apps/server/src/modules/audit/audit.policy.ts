import type { Principal } from '../../access/principal.js';
import { isAdmin } from '../../access/principal.js';

export type AuditAction = 'list';

/** The audit log is the administrators' (§6: role admin); no other principal reads it. */
export const auditPolicy = {
  can: (principal: Principal, _action: AuditAction) => principal.kind === 'user' && isAdmin(principal),
  abilities: (principal: Principal) => ({ list: auditPolicy.can(principal, 'list') }),
};
