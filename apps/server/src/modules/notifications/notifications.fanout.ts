import { MAIL_KIND_OF, NOTIFICATION_MAIL_WINDOW_MINUTES } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import type { Actor } from '../../access/principal.js';
import type { RunTx } from '../../unitOfWork/unitOfWork.js';
import { canSignIn } from '../auth/auth.policy.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import type { NotificationsRepo } from './notifications.repo.js';

/** A transaction over the notifications' repository (a job's `tx`). */
export type NotificationsTx = RunTx<{ notifications: NotificationsRepo }>;

/** Which kind wins when one comment concerns someone several ways: one notification each. */
type CommentKind = 'mention' | 'notify' | 'reply' | 'upload_comment';
const PRIORITY: CommentKind[] = ['mention', 'notify', 'reply', 'upload_comment'];

/**
 * Of `userIds`, those who may see the asset now, as assetsPolicy decides for each of them (an
 * active account; brand member or administrator; PRIVATE content for content.private; a removed
 * asset for asset.delete), read in one statement.
 */
export async function viewersOf(repo: NotificationsRepo, assetId: number, userIds: number[]): Promise<Set<number>> {
  const rows = await repo.sightOfAsset(assetId, [...new Set(userIds)]);
  const out = new Set<number>();
  for (const { row, admin, permissions } of rows) {
    const actor: Actor = {
      kind: 'user',
      user: row,
      tokenId: 0,
      emulatorId: null,
      roles: admin ? ['admin'] : [],
      permissions: new Set(permissions),
    };
    const access = {
      visibility: row.asset_visibility,
      status: row.asset_status,
      private_path: row.asset_private_path,
      folder_status: row.asset_folder_status,
      brand_status: row.asset_brand_status,
      member_id: row.asset_member_id,
      availability: row.asset_availability,
      review_state: row.asset_review_state,
      created_by: row.asset_created_by,
    };
    if (canSignIn(row) && assetsPolicy.can(actor, 'view', access)) out.add(row.id);
  }
  return out;
}

export interface Stored {
  id: number;
  user_id: number;
}

/**
 * The notifications of one comment: the mentioned ("mention"), its users to notify ("notify"),
 * the thread's earlier authors ("reply") and the asset's uploader ("upload_comment"), one each,
 * never its author nor anyone who can no longer see the asset. Mail is due NOTIFICATION_MAIL_WINDOW
 * after the first unmailed notification of that user and asset, so later ones join its batch.
 * Idempotent: those already told of the comment are skipped.
 */
export async function fanOutComment(
  tx: NotificationsTx,
  clock: Clock,
  commentId: number,
  mailWindowMs = NOTIFICATION_MAIL_WINDOW_MINUTES * 60_000,
): Promise<Stored[]> {
  return tx(async (t) => {
    const repo = t.repos.notifications;
    const comment = await repo.comment(commentId);
    if (!comment) return [];
    const kinds = new Map<number, CommentKind>();
    const offer = (userId: number | null, kind: CommentKind) => {
      if (userId === null || userId === comment.user_id) return;
      const had = kinds.get(userId);
      if (!had || PRIORITY.indexOf(kind) < PRIORITY.indexOf(had)) kinds.set(userId, kind);
    };
    for (const p of await repo.people(commentId)) offer(p.user_id, p.kind === 'notify' ? 'notify' : 'mention');
    if (comment.parent_id !== null)
      for (const u of await repo.threadAuthors(comment.parent_id, comment.id)) offer(u, 'reply');
    offer(await repo.uploaderOf(comment.asset_id), 'upload_comment');

    const told = await repo.alreadyTold({ comment_id: commentId });
    const candidates = [...kinds.keys()].filter((u) => !told.has(u));
    const seeing = await viewersOf(repo, comment.asset_id, candidates);
    const recipients = candidates.filter((u) => seeing.has(u));
    if (!recipients.length) return [];

    const now = clock.now();
    const windowEnd = iso(new Date(now.getTime() + mailWindowMs));
    const [settings, pending] = await Promise.all([
      repo.mailSettings(recipients),
      repo.pendingMailAfter(comment.asset_id, recipients),
    ]);
    return repo.insert(
      recipients.map((userId) => {
        const kind = kinds.get(userId)!;
        const mail = settings.get(userId)?.[MAIL_KIND_OF[kind]] !== false;
        return {
          user_id: userId,
          kind,
          actor_id: comment.user_id,
          asset_id: comment.asset_id,
          comment_id: comment.id,
          share_link_id: null,
          read_at: null,
          mail_after: mail ? (pending.get(userId) ?? windowEnd) : null,
          mailed_at: null,
          created_at: iso(now),
        };
      }),
    );
  });
}

/**
 * A collection shared with chosen users: a "share" notification each (active users, never the
 * owner). No batched mail: the share itself mailed them at once (shareLinks.create, which
 * follows their "share" mail setting).
 */
export async function fanOutShare(
  tx: NotificationsTx,
  clock: Clock,
  e: { linkId: number; ownerId: number; userIds: number[] },
): Promise<Stored[]> {
  return tx(async (t) => {
    const repo = t.repos.notifications;
    const link = await repo.shareLink(e.linkId);
    if (!link) return [];
    const told = await repo.alreadyTold({ share_link_id: link.id });
    const ids = [...new Set(e.userIds)].filter((u) => u !== link.owner_id && !told.has(u));
    const recipients = await repo.activeUsers(ids);
    const at = iso(clock.now());
    return repo.insert(
      recipients.map((userId) => ({
        user_id: userId,
        kind: 'share',
        actor_id: e.ownerId,
        asset_id: null,
        comment_id: null,
        share_link_id: link.id,
        read_at: null,
        mail_after: null,
        mailed_at: null,
        created_at: at,
      })),
    );
  });
}
