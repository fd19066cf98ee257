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
];
