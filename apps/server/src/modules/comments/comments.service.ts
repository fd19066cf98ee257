import type {
  Annotation,
  CommentAddBody,
  CommentEditBody,
  CommentListQuery,
  FieldMessageKey,
} from '@brandvault/contract';
import { COMMENT_MENTIONS_MAX, MENTIONABLE_LIMIT, mentionIds } from '@brandvault/contract';
import type { z } from 'zod';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor } from '../../access/principal.js';
import type { AccessRow } from '../access/accessKind.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess } from '../assets/assets.policy.js';
import { created } from '../audit/audit.trail.js';
import type { CommentAction } from './comments.policy.js';
import { commentAccess, commentsPolicy } from './comments.policy.js';
import type { NamedCommentRow } from './comments.repo.js';
import { commentView, peopleByComment, threadView } from './comments.view.js';
import { userPhotoUrls } from '../../lib/photoUrls.js';

type AssetRow = AccessRow<'assets'>;

const unique = (ids: readonly number[]) => [...new Set(ids)];
const target = (id: number, asset: { name: string }) => ({ type: 'comment', id, label: asset.name }) as const;

/**
 * Where an annotation may point on this asset: points and rectangles on images (no page) and
 * PDFs, time codes on video and audio (a frame's rectangle on video only) within the media's
 * duration when it is known.
 */
function fits(asset: AssetRow, a: Annotation) {
  if (a.kind === 'time') {
    if (asset.type !== 'video' && asset.type !== 'audio') return false;
    if (a.rect && asset.type !== 'video') return false;
    return asset.duration_seconds === null || a.t <= asset.duration_seconds;
  }
  if (asset.type === 'image') return a.page === undefined;
  return asset.type === 'document' && asset.mime === 'application/pdf';
}

export function commentsService(deps: Deps) {
  const { repos, clock } = deps;
  const now = () => iso(clock.now());

  /** The asset if the caller sees it (the asset routes' rule), else 404. */
  const seen = async (actor: Actor, assetId: number) =>
    (await requireAccess(repos, { actor, permission: 'view', kind: assetAccess, ids: [assetId] }))[0]!;

  /** One of the asset's comments, if the caller sees it, else 404. */
  async function commentOf(actor: Actor, assetId: number, commentId: number) {
    const [comment] = await requireAccess(repos, { actor, permission: 'view', kind: commentAccess, ids: [commentId] });
    if (comment!.asset_id !== assetId) throw new AppError('NOT_FOUND');
    return comment!;
  }

  /** The asset and one of its comments allowing `action`: 404 unless both are seen, else 403. */
  async function load(actor: Actor, assetId: number, commentId: number, action: CommentAction) {
    const asset = await seen(actor, assetId);
    const comment = await commentOf(actor, assetId, commentId);
    if (!commentsPolicy.can(actor, action, { ...comment, asset })) throw new AppError('FORBIDDEN');
    return { asset, comment };
  }

  /** The asset if the caller may write on it: 404 unless seen, 403 without the right. */
  async function writable(actor: Actor, assetId: number) {
    const asset = await seen(actor, assetId);
    if (!commentsPolicy.canComment(actor, asset)) throw new AppError('FORBIDDEN');
    return asset;
  }

  /**
   * Everyone a comment names must see the asset now (an active user of its brand, or an
   * administrator, with content.private for PRIVATE content): one query for them all; nothing is
   * written otherwise, and the field says which list named someone else.
   */
  async function checkPeople(assetId: number, mentioned: readonly number[], notified: readonly number[]) {
    if (mentioned.length > COMMENT_MENTIONS_MAX) throw invalid({ body: 'mentions' });
    const seers = new Set(await repos.assets.viewersOf(assetId, unique([...mentioned, ...notified])));
    const wrong: Record<string, FieldMessageKey> = {};
    if (mentioned.some((id) => !seers.has(id))) wrong.body = 'mention';
    if (notified.some((id) => !seers.has(id))) wrong.notify_user_ids = 'mention';
    if (Object.keys(wrong).length) throw invalid(wrong);
  }

  /** One comment as the contract answers it. */
  async function one(actor: Actor, asset: AssetRow, id: number) {
    const row = found(await repos.comments.named(id));
    const people = peopleByComment(await repos.comments.people([id]));
    return { comment: commentView(actor, asset, row, people) };
  }

  return {
    async list({ actor }: RequestContext, assetId: number, q: z.output<typeof CommentListQuery>) {
      const asset = await seen(actor, assetId);
      const { total, items } = await repos.comments.threads(assetId, q.page, q.per_page);
      const [replies, open] = await Promise.all([
        repos.comments.replies(items.map((c) => c.id)),
        repos.comments.openThreads(assetId),
      ]);
      const people = peopleByComment(await repos.comments.people([...items, ...replies].map((c) => c.id)));
      const byParent = new Map<number, NamedCommentRow[]>();
      for (const r of replies)
        (byParent.get(r.parent_id!) ?? byParent.set(r.parent_id!, []).get(r.parent_id!)!).push(r);
      return {
        items: items.map((c) => threadView(actor, asset, c, byParent.get(c.id) ?? [], people)),
        total,
        page: q.page,
        per_page: q.per_page,
        open_threads: open,
        can_comment: commentsPolicy.canComment(actor, asset),
      };
    },

    async add(ctx: RequestContext, assetId: number, body: z.output<typeof CommentAddBody>) {
      const { actor } = ctx;
      const asset = await writable(actor, assetId);
      let parentId: number | null = null;
      if (body.parent_id !== undefined) {
        const parent = await repos.comments.byId(body.parent_id);
        if (!parent || parent.asset_id !== assetId) throw invalid({ parent_id: 'invalid' });
        // One level: a reply to a reply answers its thread.
        parentId = parent.parent_id ?? parent.id;
      }
      const version = body.version ?? asset.current_version;
      if (version > asset.current_version) throw invalid({ version: 'invalid' });
      if (body.annotation && !fits(asset, body.annotation)) throw invalid({ annotation: 'invalid' });
      const mentioned = mentionIds(body.body);
      const notified = unique(body.notify_user_ids);
      await checkPeople(assetId, mentioned, notified);
      const id = await deps.change(ctx, async (u) => {
        const newId = await u.repos.comments.insert(
          {
            asset_id: assetId,
            parent_id: parentId,
            user_id: actor.user.id,
            version,
            body: body.body,
            annotation: body.annotation ? JSON.stringify(body.annotation) : null,
            created_at: now(),
          },
          { mention: mentioned, notify: notified },
        );
        await u.audit({
          event: 'comment.create',
          target: target(newId, asset),
          changes: created({ body: body.body }),
          info: {
            asset_id: assetId,
            parent_id: parentId,
            version,
            annotation: body.annotation ?? null,
            mention_ids: mentioned,
            notify_user_ids: notified,
          },
        });
        await u.emit('comment.created', { commentId: newId, assetId, actorId: actor.user.id });
        return newId;
      });
      return one(actor, asset, id);
    },

    async edit(ctx: RequestContext, assetId: number, commentId: number, body: z.output<typeof CommentEditBody>) {
      const { actor } = ctx;
      const { asset, comment } = await load(actor, assetId, commentId, 'edit');
      if (body.body !== comment.body) {
        const before = mentionIds(comment.body);
        const mentioned = mentionIds(body.body);
        // Who was named before stays named; whoever the edit adds must see the asset now.
        if (mentioned.length > COMMENT_MENTIONS_MAX) throw invalid({ body: 'mentions' });
        await checkPeople(
          assetId,
          mentioned.filter((id) => !before.includes(id)),
          [],
        );
        await deps.change(ctx, async (u) => {
          const tx = u.repos.comments;
          await tx.update(commentId, { body: body.body, edited_at: now() });
          await tx.setPeople(commentId, 'mention', mentioned);
          await u.audit({
            event: 'comment.update',
            target: target(commentId, asset),
            changes: { body: { before: comment.body, after: body.body } },
            info: { asset_id: assetId },
          });
        });
      }
      return one(actor, asset, commentId);
    },

    async remove(ctx: RequestContext, assetId: number, commentId: number) {
      const { asset } = await load(ctx.actor, assetId, commentId, 'remove');
      await deps.change(ctx, async (u) => {
        const replies = await u.repos.comments.remove(commentId);
        await u.audit({
          event: 'comment.delete',
          target: target(commentId, asset),
          info: { asset_id: assetId, replies },
        });
      });
      return { deleted: true as const };
    },

    resolve: (ctx: RequestContext, assetId: number, commentId: number) => settle(ctx, assetId, commentId, true),
    reopen: (ctx: RequestContext, assetId: number, commentId: number) => settle(ctx, assetId, commentId, false),

    async mentionable({ actor }: RequestContext, assetId: number, q: string | undefined) {
      await writable(actor, assetId);
      const rows = await repos.comments.mentionable(assetId, actor.user.id, q?.trim() ?? '', MENTIONABLE_LIMIT);
      const photo = userPhotoUrls(deps.media, deps.config.profilePhotoHosts);
      return {
        items: rows.map((u) => ({
          id: u.id,
          name: `${u.first_name} ${u.last_name}`,
          photo_thumb_uri: photo(u).photo_thumb_uri,
        })),
      };
    },
  };

  /** Resolves or reopens a thread; asking for the state it is in changes nothing. */
  async function settle(ctx: RequestContext, assetId: number, commentId: number, resolved: boolean) {
    const { actor } = ctx;
    const asset = await seen(actor, assetId);
    const comment = await commentOf(actor, assetId, commentId);
    if (comment.parent_id !== null) throw invalid({ comment: 'invalid' });
    if (!commentsPolicy.can(actor, 'resolve', { ...comment, asset })) throw new AppError('FORBIDDEN');
    if ((comment.resolved_at !== null) !== resolved) {
      const at = now();
      await deps.change(ctx, async (u) => {
        await u.repos.comments.update(
          commentId,
          resolved ? { resolved_at: at, resolved_by: actor.user.id } : { resolved_at: null, resolved_by: null },
        );
        await u.audit({
          event: resolved ? 'comment.resolve' : 'comment.reopen',
          target: target(commentId, asset),
          info: { asset_id: assetId },
        });
      });
    }
    return one(actor, asset, commentId);
  }
}
export type CommentsService = ReturnType<typeof commentsService>;

declare module '../../deps/services.js' {
  interface Services {
    comments: ReturnType<typeof commentsService>;
  }
}
