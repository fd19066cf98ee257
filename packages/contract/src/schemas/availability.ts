import { z } from 'zod';
import { IdNumber } from './common.js';

/** An asset's availability (issue 40 §2), computed from its own dates, licences and consents. */
export const AVAILABILITY_STATES = ['available', 'expiring', 'expired', 'embargoed'] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];
/** The states never served to guests, share links and public pages. */
export const UNAVAILABLE_STATES: readonly AvailabilityState[] = ['expired', 'embargoed'];

/** An upload's review (issue 40 §3): pending and rejected ones reach only their uploader and reviewers. */
export const REVIEW_STATES = ['approved', 'pending', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** What decided an asset's availability: its own dates, or one of its licences or consents. */
export const AvailabilityReason = z.object({
  kind: z.enum(['asset', 'licence', 'consent']),
  id: z.number().int().optional(),
  name: z.string().optional(),
});
export type AvailabilityReason = z.infer<typeof AvailabilityReason>;

export const AssetAvailability = z.object({
  state: z.enum(AVAILABILITY_STATES),
  /** YYYY-MM-DD: the start while embargoed, otherwise the nearest end (null: none). */
  date: z.string().nullable(),
  reason: AvailabilityReason.nullable(),
});
export type AssetAvailability = z.infer<typeof AssetAvailability>;
/** The name the rights parts use. */
export const Availability = AssetAvailability;
export type Availability = AssetAvailability;

/** An asset card's review state (the asset page reads the whole review: reviews.ts `AssetReview`). */
export const CardReview = z.object({
  state: z.enum(REVIEW_STATES),
  /** Why it was rejected (also a comment on the asset). */
  reason: z.string().nullable(),
});
export type CardReview = z.infer<typeof CardReview>;

/** A licence's terms as a download shows them for confirmation. */
export const LicenceTerms = z.object({
  id: z.number().int(),
  name: z.string(),
  holder: z.string().nullable(),
  terms: z.string().nullable(),
  channels: z.array(z.string()),
  territories: z.array(z.string()),
  valid_until: z.string().nullable(),
});
export type LicenceTerms = z.infer<typeof LicenceTerms>;

/**
 * What downloading the asset takes for this user: `blocked` (expired or embargoed, and its brand
 * blocks such downloads), or a confirmation of the licences' terms and/or of the expiry first.
 */
export const DownloadGate = z.object({
  blocked: z.boolean(),
  /** The asset is expired or embargoed and the brand allows downloading it after a warning. */
  warn: z.boolean(),
  terms: z.array(LicenceTerms),
});
export type DownloadGate = z.infer<typeof DownloadGate>;

/** The user's confirmation before a download that needs one (terms, expiry). */
export const DownloadConfirmBody = z.strictObject({ accept: z.literal(true) });
export const DownloadConfirmResponse = z.object({ download_url: z.string() });
export const DownloadConfirmParams = z.object({ id: IdNumber });
