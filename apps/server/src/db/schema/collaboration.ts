import type { Generated } from 'kysely';

// Working together: collections, shortcuts, share links, comments and notifications.

/** Collections and favourites (one per user: `favorite_of` = owner). */
export interface CollectionsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  favorite_of: number | null;
  created_at: string;
  updated_at: string;
}
export interface CollectionAssetsTable {
  collection_id: number;
  asset_id: number;
  added_at: string;
}

/** A user's shortcut to an asset or folder (2026112604_shortcuts). */
export interface ShortcutsTable {
  id: Generated<number>;
  user_id: number;
  brand_id: number;
  shortable_type: string;
  shortable_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

/** A share link of a collection (2026112606_share_links); the token is stored only hashed and encrypted. */
export interface ShareLinksTable {
  id: Generated<number>;
  collection_id: number;
  owner_id: number;
  token_hash: string;
  token_enc: string;
  audience: string;
  password_hash: string | null;
  allow_download: Generated<number>;
  message: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  views: Generated<number>;
  downloads: Generated<number>;
  watermark: Generated<number>;
  traceable: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface ShareLinkUsersTable {
  link_id: number;
  user_id: number;
}

/** A comment on an asset (2026112607_comments); `annotation` is the contract's Annotation as JSON. */
export interface CommentsTable {
  id: Generated<number>;
  asset_id: number;
  parent_id: number | null;
  user_id: number | null;
  version: number;
  body: string;
  annotation: string | null;
  resolved_at: string | null;
  resolved_by: number | null;
  created_at: string;
  edited_at: string | null;
}
/** The people a comment names: `kind` 'mention' (in its text) or 'notify' (users to notify). */
export interface CommentPeopleTable {
  comment_id: number;
  user_id: number;
  kind: string;
}
/** One notification of one user; `mail_after` is when its batched e-mail is due. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  actor_id: number | null;
  asset_id: number | null;
  comment_id: number | null;
  share_link_id: number | null;
  download_id: Generated<number | null>;
  /** What a notification of no comment says: an expiry notice's end date (2026113005). */
  detail: Generated<string | null>;
  read_at: string | null;
  mail_after: string | null;
  mailed_at: string | null;
  created_at: string;
}
/** Which notifications reach a user by e-mail (1 yes, 0 no); no row means all. */
export interface NotificationSettingsTable {
  user_id: number;
  mention: Generated<number>;
  reply: Generated<number>;
  upload_comment: Generated<number>;
  share: Generated<number>;
}
