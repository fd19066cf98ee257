import type { Actor, Principal } from '../../access/principal.js';
import { hasPermission } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import { brandsPolicy } from '../brands/brands.policy.js';

export type GuidelineAction = 'view' | 'manage';

type Row = { brand_status: string; member_id: number | null; published_version: number | null };

/**
 * Whoever sees a brand reads its published guidelines pages; guidelines.manage (managers and
 * administrators) reads drafts and changes them within the brands it sees. Everything else is 404.
 */
export const guidelinesPolicy = {
  manage: (actor: Actor) => hasPermission(actor, 'guidelines.manage'),
  can(principal: Principal, action: GuidelineAction, row: Row) {
    if (principal.kind !== 'user') return false;
    if (!brandsPolicy.see(principal, { status: row.brand_status }, row.member_id !== null)) return false;
    if (guidelinesPolicy.manage(principal)) return true;
    return action === 'view' && row.published_version !== null;
  },
  abilities: (actor: Actor) => ({ manage: guidelinesPolicy.manage(actor) }),
};

export const guidelinePageAccess = accessKind('guidelinePages', (p, action: GuidelineAction, r) =>
  guidelinesPolicy.can(p, action, r),
);
