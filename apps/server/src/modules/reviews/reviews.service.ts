import type { ApprovalSettings, ReviewQueueQuery, ReviewState } from '@brandvault/contract';
import type { z } from 'zod';
import type { ApprovalSettingsBody, MyReviewsQuery, RejectBody } from '@brandvault/contract';
import { invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { Deps } from '../../deps/deps.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { asLang } from '../../mail/templates.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess } from '../assets/assets.policy.js';
import { assetTarget, brandTarget, setChange } from '../audit/audit.trail.js';
import { brandAccess, brandsPolicy } from '../brands/brands.policy.js';
import { cardMedia } from '../watermarks/watermark.previews.js';
import { reviewAccess, reviewsPolicy } from './reviews.policy.js';
import type { ReviewAction } from './reviews.policy.js';
import { reviewMails } from './reviews.mail.js';
import { mailFaceOfBrands } from '../brands/brands.mailFace.js';
import { asState, reviewEvent, reviewItem } from './reviews.view.js';

const DAY_MS = 86_400_000;
/** The uploader's list of their uploads in review, on the web. */
export const MY_REVIEWS_PATH = '/uploads/review';

/**
 * Approval of uploads (issue 40 §3): which roles' uploads wait, the review queue, approve and
 * reject (one or many), the uploader's own list and an asset's review history.
 */
export function reviewsService(deps: Deps) {
  const { repos, clock } = deps;
  const now = () => iso(clock.now());

  async function settingsOf(brandId: number): Promise<ApprovalSettings> {
    const [role_ids, roles] = await Promise.all([repos.reviews.approvalRoleIds(brandId), repos.reviews.roles()]);
    return { role_ids, roles };
  }

  async function page(
    ctx: RequestContext,
    p: { total: number; items: Parameters<typeof reviewItem>[1][] },
    at: number,
    per: number,
  ) {
    const media = await cardMedia(deps, ctx.actor);
    return { items: p.items.map((r) => reviewItem(ctx.actor, r, media)), total: p.total, page: at, per_page: per };
  }

  async function decide(ctx: RequestContext, action: ReviewAction, ids: number[], reason: string | null) {
    const { actor } = ctx;
    const unique = [...new Set(ids)];
    const rows = await requireAccess(repos, { actor, permission: action, kind: reviewAccess, ids: unique });
    const state: ReviewState = action === 'approve' ? 'approved' : 'rejected';
    const at = now();
    const reviewer = actor.user.id;
    await deps.change(ctx, async (u) => {
      await u.repos.reviews.setState(unique, {
        review_state: state,
        review_reason: reason,
        reviewed_by: reviewer,
        reviewed_at: at,
      });
      await u.repos.reviews.addEvents(
        rows.map((r) => ({
          asset_id: r.id,
          state,
          reason,
          version: r.current_version,
          actor_id: reviewer,
          created_at: at,
        })),
      );
      await u.auditMany(
        rows.map((r) => ({
          event: action === 'approve' ? ('asset.approve' as const) : ('asset.reject' as const),
          target: assetTarget(r),
          changes: { review_state: { before: r.review_state, after: state } },
          info: { version: r.current_version, ...(reason !== null ? { reason } : {}) },
        })),
      );
      // The reason is a comment on the asset, so it stays with the file's conversation.
      const comments = new Map<number, number>();
      if (reason !== null)
        for (const r of rows) {
          const id = await u.repos.comments.insert(
            {
              asset_id: r.id,
              parent_id: null,
              user_id: reviewer,
              version: r.current_version,
              body: reason,
              annotation: null,
              created_at: at,
            },
            { mention: [], notify: [] },
          );
          comments.set(r.id, id);
          await u.audit({
            event: 'comment.create',
            target: { type: 'comment', id, label: r.name },
            changes: { body: { before: null, after: reason } },
            info: { asset_id: r.id, parent_id: null, version: r.current_version, annotation: null },
          });
        }
      // Each uploader is told in the app, and by one mail for the whole decision.
      const told = rows.filter((r) => r.created_by !== null && r.created_by !== reviewer);
      await u.repos.notifications.insert(
        told.map((r) => ({
          user_id: r.created_by!,
          kind: action === 'approve' ? 'review_approved' : 'review_rejected',
          actor_id: reviewer,
          asset_id: r.id,
          comment_id: comments.get(r.id) ?? null,
          share_link_id: null,
          read_at: null,
          mail_after: null,
          mailed_at: null,
          created_at: at,
        })),
      );
      const byUploader = new Map<number, string[]>();
      for (const r of told) byUploader.set(r.created_by!, [...(byUploader.get(r.created_by!) ?? []), r.name]);
      const url = `${deps.config.appUrl}${MY_REVIEWS_PATH}`;
      for (const who of await u.repos.reviews.uploaders([...byUploader.keys()])) {
        if (who.status !== 'ACTIVE') continue;
        const names = byUploader.get(who.id)!;
        const lang = asLang(who.lang);
        const brandIds = told.filter((r) => r.created_by === who.id).map((r) => r.brand_id);
        const face = await mailFaceOfBrands(u.repos.brands, brandIds, deps.media, deps.config.appUrl);
        await u.mail(
          reason === null
            ? reviewMails.approved(lang, who, names, url, face)
            : reviewMails.rejected(lang, who, names, reason, url, face),
        );
      }
    });
    return { ids: unique, state };
  }

  return {
    async settings(ctx: RequestContext, brandId: number) {
      await requireAccess(repos, { actor: ctx.actor, permission: 'update', kind: brandAccess, ids: [brandId] });
      return settingsOf(brandId);
    },

    async updateSettings(ctx: RequestContext, brandId: number, body: z.output<typeof ApprovalSettingsBody>) {
      const [brand] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'update',
        kind: brandAccess,
        ids: [brandId],
      });
      const next = [...new Set(body.role_ids)];
      const known = new Set((await repos.reviews.roles()).map((r) => r.id));
      if (next.some((id) => !known.has(id))) throw invalid({ role_ids: 'unknownRole' });
      const before = await repos.reviews.approvalRoleIds(brandId);
      const change = setChange(before, next);
      if (change)
        await deps.change(ctx, async (u) => {
          await u.repos.reviews.setApprovalRoles(brandId, next);
          await u.audit({
            event: 'brand.approval',
            target: brandTarget(brand!),
            changes: { role_ids: change },
            info: { role_ids: next },
          });
        });
      return settingsOf(brandId);
    },

    async queue(ctx: RequestContext, q: z.output<typeof ReviewQueueQuery>) {
      await requireAccess(repos, { actor: ctx.actor, permission: 'view', kind: brandAccess, ids: [q.brand_id] });
      let under: string | undefined;
      if (q.folder_id !== undefined) {
        under = await repos.reviews.folderPath(q.folder_id, q.brand_id);
        if (under === undefined) throw invalid({ folder_id: 'invalid' });
      }
      const before =
        q.older_than_days !== undefined ? iso(new Date(clock.now().getTime() - q.older_than_days * DAY_MS)) : undefined;
      const [p, uploaders] = await Promise.all([
        repos.reviews.queue(
          {
            brandId: q.brand_id,
            state: q.state,
            under,
            uploaderId: q.uploader_id,
            before,
            withPrivate: reviewsPolicy.seesPrivate(ctx.actor),
          },
          q.page,
          q.per_page,
        ),
        repos.reviews.uploadersIn(q.brand_id, q.state),
      ]);
      return {
        ...(await page(ctx, p, q.page, q.per_page)),
        uploaders: uploaders.map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`.trim() })),
      };
    },

    async count(ctx: RequestContext) {
      const { actor } = ctx;
      const brands = brandsPolicy.seesAllBrands(actor) ? null : await repos.reviews.memberBrandIds(actor.user.id);
      return { pending: await repos.reviews.pendingCount(brands) };
    },

    async mine(ctx: RequestContext, q: z.output<typeof MyReviewsQuery>) {
      return page(ctx, await repos.reviews.mine(ctx.actor.user.id, q.page, q.per_page), q.page, q.per_page);
    },

    approve: (ctx: RequestContext, ids: number[]) => decide(ctx, 'approve', ids, null),
    reject: (ctx: RequestContext, body: z.output<typeof RejectBody>) => decide(ctx, 'reject', body.ids, body.reason),

    async ofAsset(ctx: RequestContext, id: number) {
      const [row] = await requireAccess(repos, { actor: ctx.actor, permission: 'view', kind: assetAccess, ids: [id] });
      const history = await repos.reviews.history(id);
      return {
        state: asState(row!.review_state),
        reason: row!.review_reason,
        can_review: reviewsPolicy.reviewer(ctx.actor) && row!.status === 'ACTIVE',
        history: history.map(reviewEvent),
      };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    reviews: ReturnType<typeof reviewsService>;
  }
}
