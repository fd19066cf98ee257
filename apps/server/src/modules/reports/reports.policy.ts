import type { Principal } from '../auth/actor.js';
import { hasPermission } from '../auth/actor.js';

export type ImportAction = 'view' | 'apply' | 'cancel';

/**
 * Template imports are their uploader's alone (administrators included). Applying also needs,
 * still, the permission that let them upload it.
 */
export const reportsPolicy = {
  can(principal: Principal, action: ImportAction, row: { user_id: number; kind: string; state: string }) {
    if (principal.kind !== 'user' || principal.user.id !== row.user_id) return false;
    if (action === 'view') return true;
    const right = hasPermission(principal, row.kind === 'users' ? 'user.update' : 'asset.update');
    if (action === 'apply') return right && row.state === 'ready';
    return row.state === 'ready' || row.state === 'scheduled';
  },
  abilities: (principal: Principal, row: { user_id: number; kind: string; state: string }) => ({
    apply: reportsPolicy.can(principal, 'apply', row),
    cancel: reportsPolicy.can(principal, 'cancel', row),
  }),
};
