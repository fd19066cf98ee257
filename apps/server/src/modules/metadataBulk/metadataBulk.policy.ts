import { BULK_UNDO_MINUTES } from '@brandvault/contract';
import type { Principal } from '../../access/principal.js';
import { isAdmin } from '../../access/principal.js';

export type BulkEditAction = 'view' | 'undo';

/** Until when an applied bulk edit may be undone (null before it is applied). */
export const undoUntil = (row: { applied_at: string | null }) =>
  row.applied_at ? new Date(Date.parse(row.applied_at) + BULK_UNDO_MINUTES * 60_000) : null;

/**
 * A bulk edit is followed and undone by its author or an administrator (others get 404); the undo
 * is offered while the edit is applied and within BULK_UNDO_MINUTES of it.
 */
export const metadataBulkPolicy = {
  can(principal: Principal, action: BulkEditAction, row: { user_id: number }) {
    if (principal.kind !== 'user') return false;
    return row.user_id === principal.user.id || isAdmin(principal);
  },
  abilities: (principal: Principal, row: { user_id: number; status: string; applied_at: string | null }, now: Date) => {
    const until = undoUntil(row);
    return {
      undo: metadataBulkPolicy.can(principal, 'undo', row) && row.status === 'applied' && !!until && now < until,
    };
  },
};
