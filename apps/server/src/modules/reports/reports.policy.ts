import type { Principal } from '../../access/principal.js';
import { hasPermission } from '../../access/principal.js';

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
  /** A report is sent only while its owner still holds the right that asked for it. */
  sends: (principal: Principal, kind: 'assets' | 'users') =>
    hasPermission(principal, kind === 'assets' ? 'asset.update' : 'user.view'),
  abilities: (principal: Principal, row: { user_id: number; kind: string; state: string }) => ({
    apply: reportsPolicy.can(principal, 'apply', row),
    cancel: reportsPolicy.can(principal, 'cancel', row),
  }),
};
