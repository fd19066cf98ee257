import type { Brand } from '@brandvault/contract';
import type { Actor, Principal } from '../../access/principal.js';
import { hasPermission, isAdmin, seesAllBrands } from '../../access/principal.js';
import { watermarksPolicy } from './watermarks.policy.js';
import { accessKind } from '../access/accessKind.js';

/**
 * Administrators see every brand; everyone else only the active brands they are assigned to.
 * Anything else answers 404, so brand ids of others are not revealed.
 */
export const brandsPolicy = {
  seesAllBrands,
  see: (actor: Actor, brand: { status: string }, member: boolean) =>
    isAdmin(actor) || (member && (brand.status === 'ACTIVE' || hasPermission(actor, 'brand.manage'))),
  manage: (actor: Actor) => hasPermission(actor, 'brand.manage'),

  /** `row.member`: the principal is assigned to the brand. */
  can(principal: Principal, action: BrandAction, row: { status: string; member: boolean }) {
    if (principal.kind !== 'user') return false;
    const sees = brandsPolicy.see(principal, row, row.member);
    return action === 'view' ? sees : sees && brandsPolicy.manage(principal);
  },
  abilities: (principal: Actor): Brand['abilities'] => ({
    update: brandsPolicy.manage(principal),
    change_status: brandsPolicy.manage(principal),
    watermark: watermarksPolicy.update(principal),
  }),
};

export type BrandAction = 'view' | 'update' | 'change_status';

/** Brands by id for requireAccess. */
export const brandAccess = accessKind('brands', (p, action: BrandAction, r) =>
  brandsPolicy.can(p, action, { status: r.status, member: r.member_id !== null }),
);
