import type { Actor } from '../auth/actor.js';
import { hasPermission, isAdmin } from '../auth/actor.js';

/**
 * Administrators see every brand; everyone else only the active brands they are assigned to.
 * Anything else answers 404, so brand ids of others are not revealed.
 */
export const brandsPolicy = {
  seesAllBrands: (actor: Actor) => isAdmin(actor),
  see: (actor: Actor, brand: { status: string }, member: boolean) =>
    isAdmin(actor) || (member && (brand.status === 'ACTIVE' || hasPermission(actor, 'brand.manage'))),
  manage: (actor: Actor) => hasPermission(actor, 'brand.manage'),
};
