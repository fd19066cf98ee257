import { z } from 'zod';
import { PASSWORD_MAX } from '../core/constants.js';
import { AssetCropQuery } from './assets.js';
import { Id, IdNumber, Timestamp, text } from './common.js';
import { GuidelineNode } from './guidelines.js';
import { SHARE_DEFAULT_EXPIRY, SHARE_EXPIRY_AMOUNT_MAX, SHARE_EXPIRY_UNITS, SHARE_LINK_STATES } from './shareLinks.js';

/**
 * Public links to a brand's guidelines (issue 45): anyone holding one reads the brand's published
 * pages without signing in, with the share links' expiry, password and revoke. The link is a
 * principal of its own: it shows what its maker may show, PUBLIC assets only, and hands out
 * originals only while `allow_download` holds and its maker may download.
 */
export const GuidelineLinkBody = z.strictObject({
  expiry_unit: z.enum(SHARE_EXPIRY_UNITS).default(SHARE_DEFAULT_EXPIRY.unit),
  expiry_amount: z.number().int().min(1).max(SHARE_EXPIRY_AMOUNT_MAX).default(SHARE_DEFAULT_EXPIRY.amount),
  password: text().min(1).max(PASSWORD_MAX).optional(),
  allow_download: z.boolean().default(true),
});
export type GuidelineLinkBody = z.input<typeof GuidelineLinkBody>;

export const GuidelineLink = z.object({
  id: IdNumber,
  brand_id: IdNumber,
  /** The address to hand out (the token included); null when it cannot be shown again. */
  link: z.string().nullable(),
  expires_at: Timestamp.nullable(),
  has_password: z.boolean(),
  allow_download: z.boolean(),
  views: z.number().int(),
  state: z.enum(SHARE_LINK_STATES),
  created_by: z.object({ id: IdNumber, name: z.string() }),
  created_at: Timestamp,
});
export type GuidelineLink = z.infer<typeof GuidelineLink>;
export const GuidelineLinkResponse = z.object({ link: GuidelineLink });
export const GuidelineLinkList = z.object({ items: z.array(GuidelineLink) });
export type GuidelineLinkList = z.infer<typeof GuidelineLinkList>;
/** How many of a brand's newest links the managers' list shows. */
export const GUIDELINE_LINKS_MAX = 100;

export const GuidelineLinkParams = z.object({ id: Id, link: Id });
export const GuidelinePublicParams = z.object({
  /** Any text: a malformed token is an unknown link (404), like an expired or revoked one. */
  token: z.string().min(1).max(500),
});
export const GuidelinePublicPageParams = GuidelinePublicParams.extend({ pageId: Id });
export const GuidelinePublicFileParams = GuidelinePublicParams.extend({
  assetId: Id,
  kind: z.enum(['thumbnail', 'preview', 'original']),
});
export const GuidelinePublicQuery = z.object({
  /** The pass of an unlock (password links); also accepted as the X-Share-Pass header. */
  pass: z.string().max(300).optional(),
});
/** An original through the link: `ack=1` says its holder accepted the licence terms the page showed. */
export const GuidelinePublicFileQuery = GuidelinePublicQuery.extend({ ack: z.enum(['1']).optional() });
export const GuidelinePublicCropParams = GuidelinePublicParams.extend({ assetId: Id });
/** A conversion or crop through the link: the signed-in crop route's query, with the link's pass. */
export const GuidelinePublicCropQuery = AssetCropQuery.safeExtend(GuidelinePublicQuery.shape);

/** What the link's holder sees first: the brand's name and its published tree. */
export const GuidelinePublicOpen = z.object({
  locked: z.literal(false),
  brand: z.object({ id: IdNumber, name: z.string() }),
  items: z.array(GuidelineNode),
  expires_at: Timestamp.nullable(),
  allow_download: z.boolean(),
  /** The pass the page and file addresses carry for this browser session. */
  pass: z.string(),
});
/**
 * A password link opened without a valid pass: an answer, not a 401, since asking for the
 * password is the link working as meant (a browser logs every 4xx as an error in the console).
 */
export const GuidelinePublicLocked = z.object({ locked: z.literal(true) });
export const GuidelinePublicTree = z.discriminatedUnion('locked', [GuidelinePublicOpen, GuidelinePublicLocked]);
export type GuidelinePublicTree = z.infer<typeof GuidelinePublicTree>;
