import { z } from 'zod';
import { AVAILABILITY_STATES, AvailabilityReason } from './availability.js';
import type { AvailabilityState } from './availability.js';
import { Id, PageQuery, multiline, paginated, text } from './common.js';
import { isTerritory, WORLDWIDE } from './territories.js';

/**
 * Usage rights (issue 40 §1): a brand's licences (stock, agency, music…) and consents (model and
 * property releases), each with the channels and territories it allows, its dates (YYYY-MM-DD,
 * inclusive, either end open) and its documents, linked to the assets they cover. Channels are
 * the options of the brand's system vocabulary `channels`, stored by their English label.
 */
export const RIGHTS_NAME_MAX = 255;
export const RIGHTS_TEXT_MAX = 5000;
export const RIGHTS_CHANNELS_MAX = 50;
export const RIGHTS_LINKS_MAX = 100;
export const RIGHTS_BULK_MAX = 1000;
export const RIGHTS_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const CONSENT_KINDS = ['model', 'property'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** The channels every new brand starts with (its `channels` vocabulary's options). */
export const DEFAULT_CHANNELS = [
  { label_en: 'Web', label_es: 'Web' },
  { label_en: 'Social', label_es: 'Redes sociales' },
  { label_en: 'Print', label_es: 'Impresión' },
  { label_en: 'OOH', label_es: 'Exterior (OOH)' },
  { label_en: 'Broadcast', label_es: 'Radio y televisión' },
] as const;

const Day = z.iso.date();
const Name = text().trim().min(1).max(RIGHTS_NAME_MAX);
const Line = text().trim().max(RIGHTS_NAME_MAX).nullish();
const Long = multiline().trim().max(RIGHTS_TEXT_MAX).nullish();

const unique = (list: string[], ctx: z.RefinementCtx) => {
  if (new Set(list.map((v) => v.toLowerCase())).size !== list.length)
    ctx.addIssue({ code: 'custom', path: [], params: { key: 'duplicateItems' }, input: list });
};

export const Channels = z.array(text().trim().min(1).max(120)).max(RIGHTS_CHANNELS_MAX).superRefine(unique);

export const Territories = z
  .array(text().trim().toUpperCase())
  .max(260)
  .superRefine((list, ctx) => {
    if (list.some((c) => !isTerritory(c)))
      ctx.addIssue({ code: 'custom', path: [], params: { key: 'territory' }, input: list });
  })
  .superRefine(unique);

/** `to` on or after `from` when both are set (ISO dates compare as strings). */
const ordered =
  <T>(from: keyof T, to: keyof T) =>
  (b: T, ctx: z.RefinementCtx) => {
    const a = b[from] as string | null | undefined;
    const z2 = b[to] as string | null | undefined;
    if (a && z2 && z2 < a)
      ctx.addIssue({ code: 'custom', path: [to as string], params: { key: 'dateOrder' }, input: z2 });
  };

export const LicenceBody = z
  .strictObject({
    name: Name,
    holder: Line,
    terms: Long,
    channels: Channels.default([]),
    territories: Territories.default([WORLDWIDE]),
    valid_from: Day.nullish(),
    valid_until: Day.nullish(),
    cost_reference: Line,
    notes: Long,
  })
  .superRefine(ordered('valid_from', 'valid_until'));
export type LicenceBody = z.input<typeof LicenceBody>;

export const ConsentBody = z
  .strictObject({
    person: Name,
    kind: z.enum(CONSENT_KINDS).default('model'),
    signed_on: Day.nullish(),
    valid_until: Day.nullish(),
    channels: Channels.default([]),
    territories: Territories.default([WORLDWIDE]),
    notes: Long,
  })
  .superRefine(ordered('signed_on', 'valid_until'));
export type ConsentBody = z.input<typeof ConsentBody>;

export const RightsListQuery = PageQuery.extend({ q: text().trim().max(200).optional() });
export type RightsListQuery = z.input<typeof RightsListQuery>;

export const RightsDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type RightsDocument = z.infer<typeof RightsDocument>;

const Dates = { valid_until: z.string().nullable(), created_at: z.string(), updated_at: z.string() };

export const Licence = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  holder: z.string().nullable(),
  terms: z.string().nullable(),
  channels: z.array(z.string()),
  territories: z.array(z.string()),
  valid_from: z.string().nullable(),
  cost_reference: z.string().nullable(),
  notes: z.string().nullable(),
  asset_count: z.number().int(),
  documents: z.array(RightsDocument),
  ...Dates,
});
export type Licence = z.infer<typeof Licence>;

export const Consent = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  person: z.string(),
  kind: z.enum(CONSENT_KINDS),
  signed_on: z.string().nullable(),
  channels: z.array(z.string()),
  territories: z.array(z.string()),
  notes: z.string().nullable(),
  asset_count: z.number().int(),
  documents: z.array(RightsDocument),
  ...Dates,
});
export type Consent = z.infer<typeof Consent>;

export const LicenceList = paginated(Licence);
export const ConsentList = paginated(Consent);
export const RightsDeleted = z.object({ deleted: z.literal(true), recomputed: z.number().int() });

export const BulkLinkBody = z.strictObject({ asset_ids: z.array(Id).min(1).max(RIGHTS_BULK_MAX) });
export type BulkLinkBody = z.input<typeof BulkLinkBody>;
export const BulkLinked = z.object({ linked: z.number().int() });

export const AssetRightsBody = z
  .strictObject({
    licence_ids: z.array(Id).max(RIGHTS_LINKS_MAX),
    consent_ids: z.array(Id).max(RIGHTS_LINKS_MAX),
    available_from: Day.nullable(),
    available_until: Day.nullable(),
  })
  .superRefine(ordered('available_from', 'available_until'));
export type AssetRightsBody = z.input<typeof AssetRightsBody>;

/** An asset's computed availability, as the Rights panel shows it: availability.ts's states and reason. */
export const RIGHTS_AVAILABILITY_STATES = AVAILABILITY_STATES;
export type RightsAvailabilityState = AvailabilityState;
export const RightsAvailabilityReason = AvailabilityReason;
export type RightsAvailabilityReason = AvailabilityReason;

export const AssetRights = z.object({
  asset_id: z.number().int(),
  brand_id: z.number().int(),
  availability: z.enum(RIGHTS_AVAILABILITY_STATES),
  availability_date: z.string().nullable(),
  availability_reason: RightsAvailabilityReason.nullable(),
  available_from: z.string().nullable(),
  available_until: z.string().nullable(),
  licences: z.array(
    Licence.pick({ id: true, name: true, channels: true, territories: true, valid_from: true, valid_until: true }),
  ),
  /** `person` is null for guests: they read each release's scope, not whose it is. */
  consents: z.array(
    Consent.pick({ id: true, kind: true, channels: true, territories: true, valid_until: true }).extend({
      person: z.string().nullable(),
    }),
  ),
  abilities: z.object({ manage: z.boolean() }),
});
export type AssetRights = z.infer<typeof AssetRights>;
