import type { Comment } from '@brandvault/contract';
import type { Principal } from '../../access/principal.js';
import { hasPermission, isAdmin } from '../../access/principal.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import type { AssetAccessRow } from '../assets/assets.policy.js';
import { accessKind } from '../access/accessKind.js';

type Abilities = Comment['abilities'];
export type CommentAction = 'view' | keyof Abilities;

/** A comment with the access row of its asset (requireAccess's, for the caller). */
export interface CommentPolicyRow {
  user_id: number | null;
  parent_id: number | null;
  asset: AssetAccessRow;
}

/**
 * Whoever sees the asset reads its comments. Writing (comments, replies, resolving, reopening,
 * looking up people to mention) takes comment.create and an asset that is not removed. Authors
 * edit their own; authors, administrators and the brand's managers (asset.manage, assigned to the
 * asset's brand) delete. Only threads (top-level comments) resolve.
 */
export const commentsPolicy = {
  /** May the principal write on this asset at all. */
  canComment: (principal: Principal, asset: AssetAccessRow) =>
    assetsPolicy.can(principal, 'view', asset) &&
    hasPermission(principal, 'comment.create') &&
    asset.status === 'ACTIVE',

  can(principal: Principal, action: CommentAction, row: CommentPolicyRow) {
    if (!assetsPolicy.can(principal, 'view', row.asset)) return false;
    return action === 'view' || commentsPolicy.abilities(principal, row)[action];
  },

  abilities(principal: Principal, row: CommentPolicyRow): Abilities {
    const sees = assetsPolicy.can(principal, 'view', row.asset);
    const writes = commentsPolicy.canComment(principal, row.asset);
    const own = principal.kind === 'user' && row.user_id !== null && row.user_id === principal.user.id;
    const brandManager = hasPermission(principal, 'asset.manage') && row.asset.member_id !== null;
    return {
      edit: sees && own && row.asset.status === 'ACTIVE',
      remove: sees && (own || isAdmin(principal) || brandManager),
      resolve: writes && row.parent_id === null,
      reply: writes,
    };
  },
};

/** Comments by id for requireAccess, judged with their asset's access row. */
export const commentAccess = accessKind('comments', (p, action: CommentAction, r) =>
  commentsPolicy.can(p, action, {
    user_id: r.user_id,
    parent_id: r.parent_id,
    asset: { ...r, status: r.asset_status, created_by: r.asset_created_by },
  }),
);
