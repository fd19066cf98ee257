import { subscribe } from './subscribe.js';
import type { Subscription } from './subscribe.js';

/**
 * Who reacts to which event, and with what job: notifications, webhooks and statistics subscribe
 * here, one entry per pair, typed by `subscribe` (./subscribe.ts):
 *
 *   subscribe('comment.created', 'notifications.fanout', (e) => ({ kind: 'comment', commentId: e.commentId }))
 *
 * The jobs run in the worker once the emitting transaction has committed.
 */
export const subscriptions: readonly Subscription[] = [
  // Notifications (modules/notifications): who is told of a comment or a share, in the app and by mail.
  subscribe(
    'comment.created',
    'notifications.fanout',
    (e) => ({ kind: 'comment', commentId: e.commentId }),
    (e) => ({ dedupeKey: `notify:comment:${e.commentId}` }),
  ),
  subscribe(
    'collection.shared',
    'notifications.fanout',
    (e) => (e.userIds.length ? { kind: 'share', linkId: e.linkId, ownerId: e.ownerId, userIds: e.userIds } : null),
    (e) => ({ dedupeKey: `notify:share:${e.linkId}` }),
  ),
  // Webhooks (modules/webhooks): every event a brand's subscriptions may ask for, as small JSON.
  subscribe('comment.created', 'webhooks.fanout', (e) => ({
    type: 'comment.created',
    assetId: e.assetId,
    data: { comment_id: e.commentId, asset_id: e.assetId, user_id: e.actorId },
  })),
  subscribe('collection.shared', 'webhooks.fanout', (e) => ({
    type: 'collection.shared',
    collectionId: e.collectionId,
    data: { collection_id: e.collectionId, share_link_id: e.linkId, user_id: e.ownerId, user_ids: e.userIds },
  })),
  ...(['asset.created', 'asset.updated', 'asset.removed', 'asset.restored', 'asset.expired'] as const).map((name) =>
    subscribe(name, 'webhooks.fanout', (e) => ({
      type: name,
      brandIds: [e.brandId],
      data: { asset_id: e.assetId, brand_id: e.brandId, ...('folderId' in e ? { folder_id: e.folderId } : {}) },
    })),
  ),
  subscribe('asset.version_created', 'webhooks.fanout', (e) => ({
    type: 'asset.version_created',
    brandIds: [e.brandId],
    data: { asset_id: e.assetId, brand_id: e.brandId, version: e.version },
  })),
  subscribe('download.completed', 'webhooks.fanout', (e) =>
    e.brandIds.length
      ? { type: 'download.completed', brandIds: e.brandIds, data: { download_id: e.downloadId, user_id: e.userId } }
      : null,
  ),
  subscribe('user.approved', 'webhooks.fanout', (e) =>
    e.brandIds.length ? { type: 'user.approved', brandIds: e.brandIds, data: { user_id: e.userId } } : null,
  ),
  subscribe('sync.run_finished', 'webhooks.fanout', (e) => ({
    type: 'sync.run_finished',
    brandIds: [e.brandId],
    data: { sync_run_id: e.runId, sync_source_id: e.sourceId, brand_id: e.brandId, status: e.status },
  })),
  subscribe('template_import.applied', 'webhooks.fanout', (e) =>
    e.brandIds.length
      ? { type: 'template_import.applied', brandIds: e.brandIds, data: { import_id: e.importId, kind: e.kind } }
      : null,
  ),
];
