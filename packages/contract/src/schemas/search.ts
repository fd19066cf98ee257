import { z } from 'zod';
import { MAX_PER_PAGE } from '../core/constants.js';
import { IdNumber, QueryInt, text } from './common.js';
import { AssetCard, AssetType } from './assets.js';
import { AVAILABILITY_STATES } from './availability.js';
import { LabelKeySchema } from './labels.js';
import { COLOUR_NAMES } from './colours.js';
import { VisibilitySchema } from './folders.js';

/**
 * Sorts of §9: by name, date, type (then name) or size (bytes); ascending, descending, latest
 * (newest first) or oldest.
 */
export const SORT_ATTRIBUTES = ['name', 'date', 'type', 'size'] as const;
export const SORT_MODES = ['asc', 'desc', 'latest', 'oldest'] as const;
/**
 * The sorts as people choose them ("attribute-mode"). The server orders name, type and size with
 * latest/oldest by date, and date asc/desc as oldest/latest: of the sixteen combinations only
 * these eight differ. The search URL accepts all sixteen; menus and collections offer these.
 */
export const SORT_OPTIONS = [
  'name-asc',
  'name-desc',
  'date-latest',
  'date-oldest',
  'type-asc',
  'type-desc',
  'size-desc',
  'size-asc',
] as const;
export const SearchSort = z.object({
  attribute: z.enum(SORT_ATTRIBUTES).default('name'),
  mode: z.enum(SORT_MODES).default('asc'),
  /**
   * A number or date metadata field's key (issue 39 §3): sorts by its value instead of
   * `attribute` (asc/oldest smallest first, desc/latest largest first), assets without one last.
   */
  field: z.string().max(64).optional(),
});

/**
 * A condition on one of the brand's metadata fields (issue 39 §3), by the field's type: option
 * fields `any` (option ids; a tree node also finds its descendants), number `min`/`max`, date
 * `from`/`to` (inclusive), boolean `is`; any field `missing` (assets without a value). The
 * server checks the shape against the field's type (422 naming the field). Option ids are capped
 * as ids are, since the database compares them as 32-bit integers.
 */
export const FieldFilter = z.strictObject({
  any: z.array(IdNumber).min(1).max(100).optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  is: z.boolean().optional(),
  missing: z.literal(true).optional(),
});
export type FieldFilter = z.infer<typeof FieldFilter>;
export const FieldFilters = z.record(z.string().max(64), FieldFilter).refine((r) => Object.keys(r).length <= 30);

/** The most brand fields a list view shows as columns at once. */
export const SEARCH_COLUMNS_MAX = 12;
/**
 * A field's value in a list column (issue 39 §3), typed so the reader's locale formats it: option
 * fields as their labels in the caller's language (a tree option as its path `A › B › C`, a multi
 * select's labels joined with ", "), numbers as numbers, booleans as booleans, dates as YYYY-MM-DD,
 * text and URLs as they are. A field without a value is left out.
 */
export const ColumnValue = z.union([z.string(), z.number(), z.boolean()]);
export type ColumnValue = z.infer<typeof ColumnValue>;
/** A result card; with `columns` asked, the values of those fields on the asset, by field key. */
export const SearchCard = AssetCard.extend({ field_values: z.record(z.string(), ColumnValue).optional() });
export type SearchCard = z.infer<typeof SearchCard>;

const list = z.array(text().trim().min(1).max(255)).max(50);
export const DEFAULT_SEARCH_PAGE_SIZE = 50;
/** The longest search text, in characters: the box stops there and counts down near it. */
export const SEARCH_QUERY_MAX = 500;
/** Totals are exact up to this, then reported as "10,000+". */
export const SEARCH_EXACT_TOTAL = 10_000;

/** The longest "expiring within" a search takes, in days. */
export const EXPIRING_WITHIN_MAX = 365;

/** Filters of the searcher (§2 tour, §9); in the body of POST, or as query parameters of GET. */
export const AssetSearchBody = z
  .strictObject({
    q: text().trim().max(SEARCH_QUERY_MAX).optional(),
    author: list.optional(),
    type: z.array(AssetType).max(5).optional(),
    categories: list.optional(),
    language: list.optional(),
    extension: list.optional(),
    date_from: z.iso.date().optional(),
    date_to: z.iso.date().optional(),
    visibility: VisibilitySchema.optional(),
    /** Only assets in one of these availability states. */
    availability: z.array(z.enum(AVAILABILITY_STATES)).min(1).max(AVAILABILITY_STATES.length).optional(),
    /** Only usable assets whose rights end within this many days (today: 0 days). */
    expiring_within: z.number().int().min(0).max(EXPIRING_WITHIN_MAX).optional(),
    /** Only images whose dominant colours include one of these (each covering at least 10 %). */
    colours: z.array(z.enum(COLOUR_NAMES)).min(1).max(COLOUR_NAMES.length).optional(),
    /** Only assets in which one of these people appears (issue 42 §3). */
    people: z.array(IdNumber).min(1).max(20).optional(),
    /** Conditions on the brand's metadata fields, by field key. */
    fields: FieldFilters.optional(),
    /**
     * Objects and scenes (issue 42 §2): only assets in which any of these labels was found at or
     * above the brand's threshold and not rejected.
     */
    detected: z.array(LabelKeySchema).min(1).max(20).optional(),
    /** Keys of the brand's fields whose values the cards carry (`field_values`), for list columns. */
    columns: z.array(z.string().max(64)).max(SEARCH_COLUMNS_MAX).optional(),
    /** The folder alone, or with its subfolders; the brand's root folder searches the whole brand. */
    recursive: z.boolean().default(true),
    sort: SearchSort.default({ attribute: 'name', mode: 'asc' }),
  })
  .superRefine((b, ctx) => {
    // ISO dates compare as strings; a reversed range is a mistake, not an empty answer.
    if (b.date_from && b.date_to && b.date_to < b.date_from)
      ctx.addIssue({ code: 'custom', path: ['date_to'], params: { key: 'dateOrder' }, input: b.date_to });
  });
export type AssetSearchBody = z.input<typeof AssetSearchBody>;

export const AssetSearchQuery = z.object({
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).default(DEFAULT_SEARCH_PAGE_SIZE),
});

/**
 * GET's query: the POST body's `fields` as one JSON parameter, so a link can carry field filters,
 * e.g. `?fields={"campaign":{"any":[12]},"shot-on":{"from":"2024-01-01"}}` (URL-encoded).
 * Malformed JSON or a wrong filter is a 422 on `fields`.
 */
export const AssetListQuery = AssetSearchQuery.extend({
  fields: z
    .string()
    .max(4000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', params: { key: 'invalid' }, input: raw });
        return z.NEVER;
      }
    })
    .pipe(FieldFilters)
    .optional(),
});

export const FacetCount = z.object({ value: z.string(), count: z.number().int() });
export const SearchFacets = z.object({
  author: z.array(FacetCount),
  type: z.array(FacetCount),
  category: z.array(FacetCount),
  language: z.array(FacetCount),
  extension: z.array(FacetCount),
  /**
   * Per filter field (`is_filter`) by key: option fields count assets per option id (a tree
   * node's count includes its descendants'); number and date fields give their range.
   */
  fields: z
    .record(
      z.string(),
      z.object({
        options: z.array(z.object({ id: z.number().int(), count: z.number().int() })).optional(),
        min: z.union([z.number(), z.string()]).nullable().optional(),
        max: z.union([z.number(), z.string()]).nullable().optional(),
      }),
    )
    .optional(),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

export const AssetSearchResponse = z.object({
  items: z.array(SearchCard),
  /** Exact up to SEARCH_EXACT_TOTAL; beyond it, SEARCH_EXACT_TOTAL with `total_capped`. */
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  per_page: z.number().int(),
  facets: SearchFacets,
  /**
   * true when the query matched more than SEARCH_EXACT_TOTAL assets and the facets were counted
   * over its first SEARCH_EXACT_TOTAL + 1 matches; without filters or words they are always exact.
   */
  facets_capped: z.boolean(),
});
export type AssetSearchResponse = z.infer<typeof AssetSearchResponse>;

/** Per required field of a brand, how many of its assets (of the field's types) have no value. */
export const MetadataGaps = z.object({
  items: z.array(
    z.object({
      field_id: z.number().int(),
      key: z.string(),
      label_en: z.string(),
      label_es: z.string(),
      missing: z.number().int(),
    }),
  ),
});
export type MetadataGaps = z.infer<typeof MetadataGaps>;
