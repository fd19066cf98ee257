import type { Notification, NotificationKind } from '@brandvault/contract';
import { MENTION_PATTERN } from '@brandvault/contract';
import { DOWNLOADS_PATH } from '../downloads/downloads.view.js';
import type { NotificationListRow } from './notifications.repo.js';

/** The longest excerpt of a comment a notification carries, in characters. */
export const EXCERPT_MAX = 140;

/** A comment as a line of text: mentions as "@Name", white space as single spaces, cut to EXCERPT_MAX. */
export function excerptOf(body: string): string {
  const text = body
    .replace(MENTION_PATTERN, (_m, name: string) => `@${name}`)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= EXCERPT_MAX ? text : `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
}

export type SeenAsset = { id: number; name: string; brand_id: number };

/**
 * A row as the contract's notification. `assets` holds the assets the recipient still sees (the
 * others show as null); `pathOf` opens a share's link, null once it is revoked or expired.
 */
export function notificationItem(
  r: NotificationListRow,
  assets: Map<number, SeenAsset>,
  pathOf: (r: NotificationListRow) => string | null,
): Notification {
  const share = r.share_link_id !== null;
  if (r.kind === 'download')
    return {
      id: r.id,
      kind: 'download',
      actor: null,
      asset: null,
      comment_id: null,
      excerpt: r.download_name,
      collection_name: null,
      path: DOWNLOADS_PATH,
      read_at: r.read_at,
      created_at: r.created_at,
    };
  // A comment on an asset the recipient no longer sees says nothing of it: neither name nor text.
  const asset = r.asset_id !== null ? (assets.get(r.asset_id) ?? null) : null;
  if (r.kind === 'expiring' || r.kind === 'expired')
    return {
      id: r.id,
      kind: r.kind,
      actor: null,
      asset,
      comment_id: null,
      excerpt: r.detail,
      collection_name: null,
      path: null,
      read_at: r.read_at,
      created_at: r.created_at,
    };
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    actor:
      r.actor_id !== null && r.actor_first !== null
        ? { id: r.actor_id, name: `${r.actor_first} ${r.actor_last}` }
        : null,
    asset,
    comment_id: r.comment_id,
    excerpt: share ? r.share_message : asset && r.comment_body !== null ? excerptOf(r.comment_body) : null,
    collection_name: share ? r.collection_name : null,
    path: share ? pathOf(r) : null,
    read_at: r.read_at,
    created_at: r.created_at,
  };
}

/** One message of the stream (`text/event-stream`): the notification's id, its event and its JSON. */
export const eventFrame = (id: number, data: unknown) =>
  `id: ${id}\nevent: notification\ndata: ${JSON.stringify(data)}\n\n`;
