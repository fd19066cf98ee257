import type { Actor, Principal } from '../../access/principal.js';
import { sightOf } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import type { AssetAccessRow } from '../assets/assets.policy.js';

export type ReviewAction = 'approve' | 'reject';

/**
 * Reviewers (`asset.approve`) decide on the uploads of the brands they see: approve one awaiting
 * review or rejected (a second look), reject one awaiting review. Removed assets are out.
 */
export const reviewsPolicy = {
  reviewer: (p: Principal) => assetsPolicy.reviews(p),
  /** Whether the queue holds PRIVATE, expired and embargoed uploads for this reviewer. */
  seesPrivate: (p: Actor) => sightOf(p).withPrivate,
  can(principal: Principal, action: ReviewAction, row: AssetAccessRow) {
    if (!assetsPolicy.can(principal, 'view', row) || !assetsPolicy.reviews(principal)) return false;
    if (row.status !== 'ACTIVE') return false;
    return action === 'approve' ? row.review_state !== 'approved' : row.review_state === 'pending';
  },
};

/** Assets by id for requireAccess, as a reviewer decides on them. */
export const reviewAccess = accessKind('assets', (p, action: ReviewAction, r) => reviewsPolicy.can(p, action, r));
