import { z } from 'zod';
import { MAX_PER_PAGE, PASSWORD_MAX } from '../core/constants.js';
import { AssetCard } from './assets.js';
import { BrandFace } from './brands.js';
import { LicenceTerms } from './availability.js';
import { PrintedField } from './metadata.js';
import { Id, IdNumber, MAX_ID, QueryInt, Timestamp, multiline, paginated, text } from './common.js';

/** §9: how a share link's lifetime is counted; `never` takes no amount. */
export const SHARE_EXPIRY_UNITS = ['never', 'minutes', 'hours', 'days', 'weeks'] as const;
export type ShareExpiryUnit = (typeof SHARE_EXPIRY_UNITS)[number];
/** §3 Share settings: chosen users, everyone signed in, or anyone holding the link. */
export const SHARE_AUDIENCES = ['users', 'app', 'anyone'] as const;
export type ShareAudience = (typeof SHARE_AUDIENCES)[number];
export const SHARE_DEFAULT_EXPIRY = { unit: 'days', amount: 7 } as const;
/** The largest amount of any unit (a little under 20 years in minutes would overflow nothing). */
export const SHARE_EXPIRY_AMOUNT_MAX = 10_000;
export const SHARE_USERS_MAX = 200;
export const SHARE_MESSAGE_MAX = 2000;
/** How long an unlocked (password) or signed-in pass to a link's files lasts. */
export const SHARE_PASS_MINUTES = 12 * 60;
/** Wrong passwords allowed per minute, per link and per address. */
export const SHARE_UNLOCK_TRIES = 5;
/** Anonymous opens of share links allowed per minute from one address (all links together). */
export const SHARE_VIEWS_PER_ADDRESS = 60;
/** Anonymous opens allowed per minute of one link (from every address together). */
export const SHARE_VIEWS_PER_LINK = 600;
/** A link's view count counts one visitor (signed-in user, or address and browser) once in this many minutes. */
export const SHARE_VIEW_COUNT_MINUTES = 60;
export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

export const ShareBody = z
  .strictObject({
    expiry_unit: z.enum(SHARE_EXPIRY_UNITS).default(SHARE_DEFAULT_EXPIRY.unit),
    expiry_amount: z.number().int().min(1).max(SHARE_EXPIRY_AMOUNT_MAX).default(SHARE_DEFAULT_EXPIRY.amount),
    audience: z.enum(SHARE_AUDIENCES),
    /** For `users`: who may open it (users sharing a brand with the owner). */
    user_ids: z.array(IdNumber).max(SHARE_USERS_MAX).default([]),
    password: text().min(1).max(PASSWORD_MAX).optional(),
    allow_download: z.boolean().default(true),
    message: multiline().trim().max(SHARE_MESSAGE_MAX).optional(),
    /** Previews and image downloads carry the brand's watermark. */
    watermark: z.boolean().default(false),
    /** Image downloads carry the recipient's tiled text and a trace identifier in their metadata. */
    traceable: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.audience === 'users' && b.user_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['user_ids'], params: { key: 'required' }, input: b.user_ids });
  });
export type ShareBody = z.input<typeof ShareBody>;

/** Who the owner may pick for a specific-users link: active people sharing one of their brands. */
export const ShareRecipientsQuery = z.object({ q: text().max(100).optional() });
export const ShareRecipient = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type ShareRecipient = z.infer<typeof ShareRecipient>;
export const ShareRecipients = z.object({ items: z.array(ShareRecipient) });
/** How many people one recipients search answers. */
export const SHARE_RECIPIENTS_LIMIT = 20;

/** A live link someone made for the caller (specific-users audience): where it leads and from whom. */
export const SharedWithMeItem = z.object({
  id: z.number().int(),
  /** The app path that opens it, token included. */
  path: z.string(),
  collection_name: z.string(),
  shared_by: z.string(),
  message: z.string().nullable(),
  expires_at: Timestamp.nullable(),
  has_password: z.boolean(),
  allow_download: z.boolean(),
  created_at: Timestamp,
});
export type SharedWithMeItem = z.infer<typeof SharedWithMeItem>;
export const SharedWithMe = z.object({ items: z.array(SharedWithMeItem) });
/** How many of the newest links shared with the caller the list shows. */
export const SHARED_WITH_ME_MAX = 100;

export const ShareLinkAbilities = z.object({ revoke: z.boolean(), update: z.boolean() });

/** A share link as its owner and the share-link administrators see it (§3 Share link). */
export const ShareLink = z.object({
  id: z.number().int(),
  /** The address to hand out; null when it cannot be shown again. */
  link: z.string().nullable(),
  expires_at: Timestamp.nullable(),
  resource_name: z.string(),
  resource_type: z.literal('collection'),
  resource_id: z.number().int(),
  created_by: z.object({ id: z.number().int(), name: z.string() }),
  shared_to: z.array(z.object({ id: z.number().int(), name: z.string() })),
  audience: z.enum(SHARE_AUDIENCES),
  has_password: z.boolean(),
  allow_download: z.boolean(),
  watermark: z.boolean(),
  traceable: z.boolean(),
  views: z.number().int(),
  downloads: z.number().int(),
  state: z.enum(SHARE_LINK_STATES),
  created_at: Timestamp,
  abilities: ShareLinkAbilities,
});
export type ShareLink = z.infer<typeof ShareLink>;
export const ShareLinkResponse = z.object({ share_link: ShareLink });
export const ShareLinkList = paginated(ShareLink);
export type ShareLinkList = z.infer<typeof ShareLinkList>;

export const ShareLinkParams = z.object({ id: Id, link: Id });
export const SharedParams = z.object({
  id: Id,
  /** Any text: a malformed token is an unknown link (404), like an expired or revoked one. */
  token: z.string().min(1).max(500),
});
export const SharedFileParams = SharedParams.extend({
  assetId: Id,
  kind: z.enum(['thumbnail', 'preview', 'original']),
});
export const SharedViewQuery = z.object({
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).default(50),
  /** The pass of an unlock (password links); also accepted as the X-Share-Pass header. */
  pass: z.string().max(300).optional(),
});
export const SharedFileQuery = z.object({
  pass: z.string().max(300).optional(),
  /** The holder read and accepted the licence terms the page showed (originals and zips of licensed assets). */
  ack: z.enum(['1']).optional(),
});
export const UnlockBody = z.strictObject({ password: text().min(1).max(PASSWORD_MAX) });
export const UnlockResponse = z.object({ pass: z.string(), expires_at: Timestamp });

/**
 * What a link's holder sees: the collection's name, the message, and its assets with
 * link-scoped file addresses; nothing of the owner, folders or other collections.
 */
export const SharedAsset = AssetCard.pick({
  id: true,
  name: true,
  ext: true,
  mime: true,
  type: true,
  size: true,
  width: true,
  height: true,
  duration_seconds: true,
  thumbnail_url: true,
  preview_url: true,
}).extend({
  download_url: z.string().nullable(),
  /** The licences it is used under: their terms are shown and accepted before its download. */
  terms: z.array(LicenceTerms),
  /** The brand's fields marked to show on share pages that this asset holds a value of. */
  fields: z.array(PrintedField),
});
export const SharedView = z.object({
  collection: z.object({ id: z.number().int(), name: z.string(), asset_count: z.number().int() }),
  /** The brand the page wears: the one holding most of the collection; null while it is empty. */
  brand: BrandFace.nullable(),
  /** The full name of the person who shared it. */
  shared_by: z.string(),
  message: z.string().nullable(),
  expires_at: Timestamp.nullable(),
  allow_download: z.boolean(),
  /** The whole collection as one zip, streamed as it is fetched, while downloads are allowed. */
  zip_url: z.string().nullable(),
  /** The licences of any asset in the zip: accepted before it downloads (`ack=1`). */
  zip_terms: z.array(LicenceTerms),
  assets: paginated(SharedAsset),
});
export type SharedView = z.infer<typeof SharedView>;

export const ShareLinkAdminQuery = z.object({
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).default(50),
  created_by: QueryInt(1, MAX_ID).optional(),
  state: z.enum(SHARE_LINK_STATES).optional(),
});
export const ShareLinkUpdateBody = z
  .strictObject({
    revoke: z.literal(true).optional(),
    expiry_unit: z.enum(SHARE_EXPIRY_UNITS).optional(),
    expiry_amount: z.number().int().min(1).max(SHARE_EXPIRY_AMOUNT_MAX).optional(),
    watermark: z.boolean().optional(),
    traceable: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.revoke && !b.expiry_unit && b.watermark === undefined && b.traceable === undefined)
      ctx.addIssue({ code: 'custom', path: ['expiry_unit'], params: { key: 'required' }, input: b.expiry_unit });
  });
