import type { AssetAbilities } from '@brandvault/contract';
import { brandsPolicy } from '../brands/brands.policy.js';
import { accessKind } from '../access/accessKind.js';
import type { Actor, Principal } from '../../access/principal.js';
import { hasPermission, isAdmin, seesPrivate } from '../../access/principal.js';

/** Expired and embargoed assets are never served to guests, share links or public pages. */
export const unavailable = (a: { availability: string }) =>
  a.availability === 'expired' || a.availability === 'embargoed';

/** Uploads awaiting review, or rejected: only their uploader and reviewers reach them. */
export const inReview = (a: { review_state: string }) => a.review_state !== 'approved';

/**
 * Can the actor see this asset at all (brand access is checked separately)? Removed assets stay
 * reachable only for those who may restore them. Without `content.private` (guests), PRIVATE,
 * expired and embargoed ones are out; an upload in review only for its uploader and reviewers.
 */
export function canSeeAsset(
  actor: Actor,
  a: {
    visibility: string;
    status: string;
    private_path: number;
    folder_status: string;
    availability: string;
    review_state: string;
    created_by: number | null;
  },
) {
  if (a.folder_status !== 'ACTIVE') return false;
  if (!seesPrivate(actor) && (a.visibility === 'PRIVATE' || a.private_path === 1 || unavailable(a))) return false;
  if (inReview(a) && a.created_by !== actor.user.id && !hasPermission(actor, 'asset.approve')) return false;
  return a.status === 'ACTIVE' || hasPermission(actor, 'asset.delete');
}

const ABILITY_PERMISSIONS = ['asset.update', 'asset.create', 'asset.delete', 'asset.download', 'asset.manage'] as const;

/** Actors with the same key get the same abilities on every asset: answers may be shared by it. */
export const abilitiesKey = (actor: Actor) =>
  ABILITY_PERMISSIONS.map((p) => (hasPermission(actor, p) ? 1 : 0)).join('');

export function assetAbilities(actor: Actor, a: { status: string }): AssetAbilities {
  const active = a.status === 'ACTIVE';
  return {
    update: active && hasPermission(actor, 'asset.update'),
    move: active && hasPermission(actor, 'asset.update'),
    copy: active && hasPermission(actor, 'asset.create'),
    remove: active && hasPermission(actor, 'asset.delete'),
    restore: !active && hasPermission(actor, 'asset.delete'),
    download: hasPermission(actor, 'asset.download'),
    version: active && hasPermission(actor, 'asset.create'),
    lock_name: active && hasPermission(actor, 'asset.manage'),
  };
}

export type AssetAction = 'view' | keyof AssetAbilities;

/** An asset with what decides access to it: its folder's state and its brand's. */
export interface AssetAccessRow {
  visibility: string;
  status: string;
  private_path: number;
  folder_status: string;
  brand_status: string;
  availability: string;
  review_state: string;
  created_by: number | null;
  /** Set when the principal belongs to the asset's brand. */
  member_id: number | null;
}

/** The one shape every policy has: may this principal do this to this row, and all it may do. */
export const assetsPolicy = {
  can(principal: Principal, action: AssetAction, row: AssetAccessRow) {
    if (principal.kind !== 'user') return false;
    const sees =
      brandsPolicy.see(principal, { status: row.brand_status }, row.member_id !== null) && canSeeAsset(principal, row);
    return sees && (action === 'view' || assetAbilities(principal, row)[action]);
  },
  abilities: (principal: Actor, row: { status: string }) => assetAbilities(principal, row),
  /** Who sets an asset's own usage window (its licences and consents too: modules/rights). */
  managesRights: (principal: Principal) => hasPermission(principal, 'rights.manage'),
  /** Administrators may download expired and embargoed assets (after the warning) whatever the brand's rule. */
  downloadsUnavailable: (principal: Principal) => isAdmin(principal),
  /** Removed assets are listed (and restored) by those who may remove them. */
  seesRemoved: (principal: Principal) => hasPermission(principal, 'asset.delete'),
  /**
   * The brand's whole Trash of removed assets is for those who manage its assets; others who may
   * remove assets find there the ones they removed or uploaded, to get their own file back.
   */
  seesWholeTrash: (principal: Principal) => hasPermission(principal, 'asset.manage'),
  /** "Delete forever" takes the same right as the folders' Trash: managing the brand's assets. */
  purges: (principal: Principal) => hasPermission(principal, 'asset.manage'),
  /** Originals and crops go to those with the download right (the asset itself judged apart). */
  downloads: (principal: Principal) => hasPermission(principal, 'asset.download'),
  /** Reviewers approve and reject uploads in review; their own uploads never wait (issue 40 §3). */
  reviews: (principal: Principal) => hasPermission(principal, 'asset.approve'),
  /** A theme or visual language the brand lacks becomes an option only for those who define metadata. */
  addsOptions: (principal: Principal) => hasPermission(principal, 'metadata.manage'),
};

/** Assets by id for requireAccess. */
export const assetAccess = accessKind('assets', (p, action: AssetAction, r) => assetsPolicy.can(p, action, r));
