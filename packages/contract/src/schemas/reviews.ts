import { z } from 'zod';
import { MAX_PER_PAGE } from '../core/constants.js';
import { AssetCard } from './assets.js';
import { REVIEW_STATES } from './availability.js';
import { Id, IdNumber, QueryInt, Timestamp, multiline, paginated } from './common.js';

/**
 * Approval of uploads (issue 40 §3): a brand names the roles whose uploads wait for review;
 * reviewers (`asset.approve`) approve or reject them, a rejection with its reason.
 */
/** At most this many assets in one approve or reject. */
export const REVIEW_BULK_MAX = 200;
export const REVIEW_REASON_MAX = 2000;

export const ApprovalSettings = z.object({
  /** The roles whose uploads to the brand wait for review; empty: none do. */
  role_ids: z.array(z.number().int()),
  /** Every role, to choose from. */
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ApprovalSettings = z.infer<typeof ApprovalSettings>;
export const ApprovalSettingsBody = z.strictObject({
  role_ids: z.array(IdNumber).max(100),
});
export type ApprovalSettingsBody = z.input<typeof ApprovalSettingsBody>;

const Person = z.object({ id: z.number().int(), name: z.string() });

/** An asset in review, as the queue and the uploader's list show it. */
export const ReviewItem = z.object({
  asset: AssetCard,
  state: z.enum(REVIEW_STATES),
  reason: z.string().nullable(),
  uploader: Person.nullable(),
  reviewer: Person.nullable(),
  reviewed_at: Timestamp.nullable(),
  folder: z.object({ id: z.number().int(), name: z.string() }),
  brand: z.object({ id: z.number().int(), name: z.string() }),
});
export type ReviewItem = z.infer<typeof ReviewItem>;
export const ReviewPage = paginated(ReviewItem);
export type ReviewPage = z.infer<typeof ReviewPage>;
/** The queue's page, with everyone who has uploads in it (the uploader filter's choices). */
export const ReviewQueuePage = ReviewPage.extend({ uploaders: z.array(Person) });
export type ReviewQueuePage = z.infer<typeof ReviewQueuePage>;

export const ReviewQueueQuery = z.object({
  brand_id: Id,
  state: z.enum(['pending', 'rejected']).default('pending'),
  folder_id: Id.optional(),
  uploader_id: Id.optional(),
  /** Only uploads at least this many days old. */
  older_than_days: QueryInt(0, 3650).optional(),
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).default(24),
});
export type ReviewQueueQuery = z.input<typeof ReviewQueueQuery>;

export const MyReviewsQuery = z.object({
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).default(24),
});

export const ReviewCount = z.object({ pending: z.number().int() });

export const ApproveBody = z.strictObject({
  ids: z.array(IdNumber).min(1).max(REVIEW_BULK_MAX),
});
export type ApproveBody = z.input<typeof ApproveBody>;
export const RejectBody = z.strictObject({
  ids: z.array(IdNumber).min(1).max(REVIEW_BULK_MAX),
  reason: multiline().trim().min(1).max(REVIEW_REASON_MAX),
});
export type RejectBody = z.input<typeof RejectBody>;
export const ReviewDone = z.object({ ids: z.array(z.number().int()), state: z.enum(REVIEW_STATES) });

/** One step of an asset's review history. */
export const ReviewEvent = z.object({
  id: z.number().int(),
  state: z.enum(REVIEW_STATES),
  reason: z.string().nullable(),
  version: z.number().int().nullable(),
  actor: Person.nullable(),
  created_at: Timestamp,
});
export type ReviewEvent = z.infer<typeof ReviewEvent>;

/** An asset's review: where it stands, whether the caller may decide, and its history. */
export const AssetReview = z.object({
  state: z.enum(REVIEW_STATES),
  reason: z.string().nullable(),
  can_review: z.boolean(),
  history: z.array(ReviewEvent),
});
export type AssetReview = z.infer<typeof AssetReview>;
