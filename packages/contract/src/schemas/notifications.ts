import { z } from 'zod';
import { MAX_PER_PAGE } from '../core/constants.js';
import { Id, QueryInt, Timestamp, paginated } from './common.js';

/**
 * What a notification says happened to its recipient: mentioned in a comment, named in "users
 * to notify", a reply in a thread they wrote in, a comment on an asset they uploaded, a
 * collection shared with them, a zip or PDF they asked for is ready, a file arrived through one
 * of their upload requests, an upload awaits their review or was reviewed, or an asset they own
 * or manage the rights of is about to expire (30, 7, 1 days before) or has expired (its `excerpt`
 * is the end date, YYYY-MM-DD).
 */
export const NOTIFICATION_KINDS = [
  'mention',
  'notify',
  'reply',
  'upload_comment',
  'share',
  'download',
  'upload_request',
  'review_pending',
  'review_approved',
  'review_rejected',
  'expiring',
  'expired',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which of them may also reach the recipient by e-mail (set on the profile page). */
export const NOTIFICATION_MAIL_KINDS = ['mention', 'reply', 'upload_comment', 'share'] as const;
export type NotificationMailKind = (typeof NOTIFICATION_MAIL_KINDS)[number];
/**
 * The e-mail setting that covers each kind ("users to notify" counts as a mention). A ready
 * download and a file sent to an upload request are always mailed: the user asked for them, and
 * so are review decisions and requests; expiry notices too, in a daily digest.
 */
export const MAIL_KIND_OF: Record<
  Exclude<NotificationKind, 'download' | 'upload_request' | `review_${string}` | 'expiring' | 'expired'>,
  NotificationMailKind
> = {
  mention: 'mention',
  notify: 'mention',
  reply: 'reply',
  upload_comment: 'upload_comment',
  share: 'share',
};
/** A user receives at most one mail per asset per this many minutes, listing what happened. */
export const NOTIFICATION_MAIL_WINDOW_MINUTES = 10;
/** Seconds between heartbeats on the notification stream. */
export const NOTIFICATION_HEARTBEAT_SECONDS = 20;

const Person = z.object({ id: z.number().int(), name: z.string() });
export const Notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  actor: Person.nullable(),
  /** The asset a comment notification is about. */
  asset: z.object({ id: z.number().int(), name: z.string(), brand_id: z.number().int() }).nullable(),
  comment_id: z.number().int().nullable(),
  /** The start of the comment, or the share's message, as text. */
  excerpt: z.string().nullable(),
  /** For a share: the collection's name and the app path that opens the link; for a download, its page. */
  collection_name: z.string().nullable(),
  path: z.string().nullable(),
  read_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type Notification = z.infer<typeof Notification>;

export const NotificationListQuery = z.object({
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export const NotificationList = paginated(Notification).extend({ unread: z.number().int() });
export type NotificationList = z.infer<typeof NotificationList>;
export const UnreadCount = z.object({ unread: z.number().int() });
export const NotificationParams = z.object({ id: Id });

export const NotificationSettings = z.strictObject({
  email: z.strictObject({
    mention: z.boolean(),
    reply: z.boolean(),
    upload_comment: z.boolean(),
    share: z.boolean(),
  }),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** One message on the stream (`event: notification`): the notification and the unread count. */
export const NotificationEvent = z.object({ notification: Notification, unread: z.number().int() });
export type NotificationEvent = z.infer<typeof NotificationEvent>;
