import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import type { Repos } from '../../deps/repos.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Unit } from '../../unitOfWork/unitOfWork.js';
import { assetTarget } from '../audit/audit.trail.js';
import { assetsPolicy } from './assets.policy.js';

/**
 * Whether the actor's uploads to the brand wait for review (issue 40 §3): one of their roles is
 * one the brand chose, and they are no reviewer themselves. Every upload path (the upload route,
 * tus, NAS sync imports, upload requests) asks this through ingest.
 */
export async function uploadNeedsReview(u: Unit<Repos>, ctx: RequestContext, brandId: number) {
  if (assetsPolicy.reviews(ctx.actor)) return false;
  return u.repos.reviews.roleNeedsApproval(ctx.actor.user.id, brandId);
}

/** Whether the brand holds any uploads for review (some role's uploads need approval). */
export const brandRequiresReview = (u: Unit<Repos>, brandId: number) => u.repos.reviews.brandRequiresApproval(brandId);

/**
 * Puts an asset (new, or with a new version) in review, in the upload's transaction: its state,
 * the history step and the audit entry, and a notification to the brand's reviewers. Reviewers
 * with an unread notice of this uploader's uploads are not told again, so a batch is one notice.
 */
export async function submitForReview(
  u: Unit<Repos>,
  ctx: RequestContext,
  clock: Clock,
  asset: { id: number; brand_id: number; name: string },
  version: number,
) {
  const at = iso(clock.now());
  const uploader = ctx.actor.user.id;
  await u.repos.reviews.setState([asset.id], {
    review_state: 'pending',
    review_reason: null,
    reviewed_by: null,
    reviewed_at: null,
  });
  await u.repos.reviews.addEvents([
    { asset_id: asset.id, state: 'pending', reason: null, version, actor_id: uploader, created_at: at },
  ]);
  await u.audit({ event: 'asset.review_pending', target: assetTarget(asset), info: { version } });
  const reviewers = (await u.repos.reviews.reviewersOf(asset.brand_id)).filter((id) => id !== uploader);
  const told = await u.repos.notifications.unreadOfKindFrom('review_pending', uploader, reviewers);
  await u.repos.notifications.insert(
    reviewers
      .filter((id) => !told.has(id))
      .map((user_id) => ({
        user_id,
        kind: 'review_pending',
        actor_id: uploader,
        asset_id: asset.id,
        comment_id: null,
        share_link_id: null,
        read_at: null,
        mail_after: null,
        mailed_at: null,
        created_at: at,
      })),
  );
}
