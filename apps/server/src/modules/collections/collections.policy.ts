import type { CollectionAbilities } from '@brandvault/contract';
import type { Actor, Principal } from '../../access/principal.js';
import { hasPermission, seesAllBrands, seesPrivate } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import type { Sight } from './collections.repo.js';

export type CollectionAction = 'view' | keyof CollectionAbilities;

/**
 * The assets a principal sees, as the repo's queries apply it: assetsPolicy.can('view') (brand
 * assignment or admin, INACTIVE brands for brand managers, PRIVATE content for roles that hold
 * it, active folders), and never a removed asset, whoever looks (§4).
 */
export const sightOf = (p: Actor): Sight => ({
  userId: p.user.id,
  allBrands: seesAllBrands(p),
  inactiveBrands: hasPermission(p, 'brand.manage'),
  private: seesPrivate(p),
  reviewer: seesPrivate(p) && hasPermission(p, 'asset.approve'),
});

type CollectionPolicyRow = { id: number; owner_id: number; favorite_of: number | null };

/**
 * A collection is its owner's alone; favourites are neither renamed nor deleted. A share link
 * may only view the collection it was made for (its liveness and password: shareLinksPolicy).
 */
export const collectionsPolicy = {
  can(principal: Principal, action: CollectionAction, row: CollectionPolicyRow) {
    if (principal.kind === 'share') return action === 'view' && principal.link.collection_id === row.id;
    if (principal.kind !== 'user') return false;
    if (row.owner_id !== principal.user.id) return false;
    return action === 'view' || collectionsPolicy.abilities(principal, row)[action];
  },
  abilities: (principal: Principal, row: CollectionPolicyRow): CollectionAbilities => {
    const own = principal.kind === 'user' && row.owner_id === principal.user.id;
    const named = row.favorite_of === null;
    return { update: own && named, remove: own && named, add_assets: own, remove_assets: own };
  },
};

/** Collections by id for requireAccess. */
export const collectionAccess = accessKind('collections', (p, action: CollectionAction, r) =>
  collectionsPolicy.can(p, action, r),
);
