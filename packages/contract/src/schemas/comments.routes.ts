import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import {
  CommentAddBody,
  CommentDeleted,
  CommentEditBody,
  CommentList,
  CommentListQuery,
  CommentParams,
  CommentResponse,
  Mentionable,
  MentionableQuery,
} from './comments.js';

/**
 * Comments on an asset (§1, §3 Comment), in the spec's style under `ops/asset/{id}/comment/...`:
 * whoever sees the asset reads them; `comment.create` and seeing it lets one write, reply,
 * resolve and reopen; authors edit their own; authors, administrators and the brand's managers
 * delete.
 */
export const commentsRoutes = {
  commentList: def({
    method: 'GET',
    path: '/api/ops/asset/:id/comment/list',
    access: 'user',
    summary: "An asset's comment threads, oldest first, each with its replies",
    params: IdParams,
    query: CommentListQuery,
    response: CommentList,
  }),
  commentAdd: def({
    method: 'POST',
    path: '/api/ops/asset/:id/comment/add',
    access: { permission: 'comment.create' },
    summary: 'Comment on an asset, or reply to a thread, with an optional annotation',
    params: IdParams,
    body: CommentAddBody,
    response: CommentResponse,
    status: 201,
    rateLimit: { max: 60 },
  }),
  commentEdit: def({
    method: 'PATCH',
    path: '/api/ops/asset/:id/comment/:comment/edit',
    access: 'user',
    summary: "Change one's own comment's text",
    params: CommentParams,
    body: CommentEditBody,
    response: CommentResponse,
  }),
  commentDelete: def({
    method: 'DELETE',
    path: '/api/ops/asset/:id/comment/:comment/delete',
    access: 'user',
    summary: "Delete a comment (one's own; any for administrators and the brand's managers)",
    params: CommentParams,
    response: CommentDeleted,
  }),
  commentResolve: def({
    method: 'POST',
    path: '/api/ops/asset/:id/comment/:comment/resolve',
    access: { permission: 'comment.create' },
    summary: 'Resolve a thread',
    params: CommentParams,
    response: CommentResponse,
  }),
  commentReopen: def({
    method: 'POST',
    path: '/api/ops/asset/:id/comment/:comment/reopen',
    access: { permission: 'comment.create' },
    summary: 'Reopen a resolved thread',
    params: CommentParams,
    response: CommentResponse,
  }),
  commentMentionable: def({
    method: 'GET',
    path: '/api/ops/asset/:id/comment/mentionable',
    access: { permission: 'comment.create' },
    summary: 'People who can see the asset, by name (with their avatar): whom a comment may mention or notify',
    params: IdParams,
    query: MentionableQuery,
    response: Mentionable,
  }),
} as const;
