import type { SavedSearchAbilities } from '@brandvault/contract';
import type { Actor, Principal } from '../../access/principal.js';
import { hasPermission } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import { brandsPolicy } from '../brands/brands.policy.js';

export type SavedSearchAction = 'view' | 'pin' | keyof SavedSearchAbilities;

type Row = { owner_id: number; shared_with_brand: number; brand_status: string; member_id: number | null };

/**
 * Sharing with a brand takes metadata.manage: the brand's managers already decide how its assets
 * are described and found, and a shared search shows in every member's searcher.
 */
const manager = (actor: Actor) => hasPermission(actor, 'metadata.manage');

/**
 * A saved search is seen by its owner and, once shared, by everyone who sees its brand (others:
 * 404). Only the owner changes it; a manager shares their own, and unshares or deletes any shared
 * one of a brand they see. Pins are per person: whoever sees a search may pin it.
 */
export const savedSearchesPolicy = {
  manager,
  can(principal: Principal, action: SavedSearchAction, row: Row) {
    if (principal.kind !== 'user') return false;
    const mine = row.owner_id === principal.user.id;
    const sees = brandsPolicy.see(principal, { status: row.brand_status }, row.member_id !== null);
    if (!sees || (!mine && !row.shared_with_brand)) return false;
    return action === 'view' || action === 'pin' || savedSearchesPolicy.abilities(principal, row)[action];
  },
  abilities(actor: Actor, row: Row): SavedSearchAbilities {
    const mine = row.owner_id === actor.user.id;
    const shared = !!row.shared_with_brand;
    return {
      update: mine,
      share: manager(actor) && (mine || shared),
      remove: mine || (shared && manager(actor)),
    };
  },
};

export const savedSearchAccess = accessKind('savedSearches', (p, action: SavedSearchAction, r) =>
  savedSearchesPolicy.can(p, action, r),
);
