import type { Actor, Principal } from '../../access/principal.js';
import { canSeeAsset } from '../assets/assets.policy.js';
import { seesPrivate } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import type { ShortcutListRow, ShortcutRow } from './shortcuts.repo.js';

export type ShortcutAction = 'view' | 'update' | 'delete';

/** A shortcut is its owner's alone, and leads only where the owner can still go. */
export const shortcutsPolicy = {
  can: (principal: Principal, _action: ShortcutAction, s: ShortcutRow) =>
    principal.kind === 'user' && s.user_id === principal.user.id,
  abilities: (principal: Principal, s: ShortcutRow) => {
    const own = principal.kind === 'user' && s.user_id === principal.user.id;
    return { update: own, delete: own };
  },
  /**
   * Whether the target still exists and the actor sees it (the brand is judged by the caller):
   * an active folder outside PRIVATE ones unless the actor sees private content; an active asset
   * the asset policy lets the actor see.
   */
  seesTarget(actor: Actor, r: ShortcutListRow): boolean {
    if (r.folder_status !== null) return r.folder_status === 'ACTIVE' && (r.folder_private === 0 || seesPrivate(actor));
    if (r.asset_status === null || r.asset_status !== 'ACTIVE') return false;
    return canSeeAsset(actor, {
      status: r.asset_status,
      visibility: r.asset_visibility ?? 'PRIVATE',
      private_path: r.asset_folder_private ?? 1,
      folder_status: r.asset_folder_status ?? 'INACTIVE',
      availability: r.asset_availability ?? 'expired',
      review_state: r.asset_review_state ?? 'pending',
      created_by: r.asset_created_by,
    });
  },
};

/** Shortcuts by id for requireAccess. */
export const shortcutAccess = accessKind('shortcuts', (p, action: ShortcutAction, r) =>
  shortcutsPolicy.can(p, action, r),
);
