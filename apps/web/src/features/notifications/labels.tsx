import type { ReactNode } from 'react';
import {
  IconAt,
  IconBellRinging,
  IconCircleCheck,
  IconCircleX,
  IconClipboardCheck,
  IconCalendarOff,
  IconCalendarTime,
  IconDownload,
  IconMessageCircle,
  IconMessageReply,
  IconShare,
  IconUpload,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { Notification, NotificationKind } from '@brandvault/contract';

/** "Ana López mentioned you on logo.png": what happened, in the user's language, as plain text. */
export function notificationSentence(t: TFunction, n: Notification): string {
  if (n.kind === 'download') return t('notifications.sentence.download', { name: n.excerpt ?? '' });
  if (n.kind === 'expiring' || n.kind === 'expired') {
    const date = n.excerpt ? formatDay(n.excerpt, t) : '';
    return t(`notifications.sentence.${n.kind}`, { asset: n.asset?.name ?? t('notifications.hiddenAsset'), date });
  }
  const actor = n.actor?.name ?? t('notifications.someone');
  if (n.kind === 'share')
    return n.collection_name
      ? t('notifications.sentence.share', { actor, collection: n.collection_name })
      : t('notifications.sentence.shareUnnamed', { actor });
  const asset = n.asset?.name ?? t('notifications.hiddenAsset');
  return t(`notifications.sentence.${n.kind}`, { actor, asset });
}

/** A YYYY-MM-DD day as the user's language writes it ("12 Mar 2027"). */
function formatDay(day: string, t: TFunction): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  const lang = t('notifications.dateLocale');
  return d.toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The excerpt under the sentence; a download's is its name and an expiry notice's its date, which
 * the sentence already says.
 */
export const notificationExcerpt = (n: Notification): string | null =>
  n.kind === 'download' || n.kind === 'expiring' || n.kind === 'expired' ? null : n.excerpt;

/**
 * Where a notification leads: the asset page at the comment, the shared collection, or the
 * user's downloads. Nothing when the asset is no longer visible, or when the path is not one of
 * the app's own.
 */
export function notificationTarget(n: Notification): string | null {
  if (n.kind === 'share') return n.path && /^\/(?!\/)/.test(n.path) ? n.path : null;
  if (n.kind === 'download') return '/downloads';
  if (!n.asset) return null;
  return n.comment_id ? `/brand/asset/${n.asset.id}?comment=${n.comment_id}` : `/brand/asset/${n.asset.id}`;
}

const ICONS: Record<NotificationKind, (size: number) => ReactNode> = {
  mention: (size) => <IconAt size={size} stroke={1.7} aria-hidden />,
  notify: (size) => <IconBellRinging size={size} stroke={1.7} aria-hidden />,
  reply: (size) => <IconMessageReply size={size} stroke={1.7} aria-hidden />,
  upload_comment: (size) => <IconMessageCircle size={size} stroke={1.7} aria-hidden />,
  share: (size) => <IconShare size={size} stroke={1.7} aria-hidden />,
  download: (size) => <IconDownload size={size} stroke={1.7} aria-hidden />,
  upload_request: (size) => <IconUpload size={size} stroke={1.7} aria-hidden />,
  review_pending: (size) => <IconClipboardCheck size={size} stroke={1.7} aria-hidden />,
  review_approved: (size) => <IconCircleCheck size={size} stroke={1.7} aria-hidden />,
  review_rejected: (size) => <IconCircleX size={size} stroke={1.7} aria-hidden />,
  expiring: (size) => <IconCalendarTime size={size} stroke={1.7} aria-hidden />,
  expired: (size) => <IconCalendarOff size={size} stroke={1.7} aria-hidden />,
};

export const kindIcon = (kind: NotificationKind, size = 16): ReactNode => ICONS[kind](size);

/** The badge's text: past 99 the exact number stops mattering. */
export const badgeCount = (unread: number): string => (unread > 99 ? '99+' : String(unread));
