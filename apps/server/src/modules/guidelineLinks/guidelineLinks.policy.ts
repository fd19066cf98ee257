import type { Actor, GuidelineLinkPrincipal } from '../../access/principal.js';
import { hasPermission } from '../../access/principal.js';
import { inReview, unavailable } from '../assets/assets.policy.js';
import { guidelinesPolicy } from '../guidelines/guidelines.policy.js';
import type { GuidelineLinkRow } from './guidelineLinks.repo.js';

export type GuidelineLinkFileKind = 'thumbnail' | 'preview' | 'original';

/** Live: neither revoked nor past its expiry. */
export const isLive = (row: GuidelineLinkRow, now: string) =>
  row.revoked_at === null && (row.expires_at === null || row.expires_at > now);
export const stateOf = (row: GuidelineLinkRow, now: string) =>
  row.revoked_at !== null ? 'revoked' : isLive(row, now) ? 'active' : 'expired';

/**
 * What a public guidelines link lets its holder do, checked at every request: read while live
 * and (with a password) unlocked; originals only with the download right. Its sight is a guest's:
 * active, approved PUBLIC assets of the brand that are not expired or embargoed.
 */
export const guidelineLinksPolicy = {
  /** Making and revoking a brand's links: its guidelines managers (brand access checked apart). */
  manage: (actor: Actor) => guidelinesPolicy.manage(actor),
  /** Nobody hands out what they may not do themselves: originals need the download right. */
  grantsDownload: (actor: Actor) => hasPermission(actor, 'asset.download'),
  linkCan(p: GuidelineLinkPrincipal, action: 'view' | GuidelineLinkFileKind, now: string) {
    if (!isLive(p.link, now)) return false;
    if (p.link.password_hash !== null && !p.unlocked) return false;
    return action !== 'original' || p.link.allow_download === 1;
  },
  sees(
    p: GuidelineLinkPrincipal,
    a: {
      brand_id: number;
      status: string;
      folder_status: string;
      visibility: string;
      private_path: number;
      availability: string;
      review_state: string;
    },
  ) {
    return (
      a.brand_id === p.link.brand_id &&
      a.status === 'ACTIVE' &&
      a.folder_status === 'ACTIVE' &&
      a.visibility !== 'PRIVATE' &&
      a.private_path !== 1 &&
      !unavailable(a) &&
      !inReview(a)
    );
  },
};
