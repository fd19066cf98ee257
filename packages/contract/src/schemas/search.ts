import { z } from 'zod';
import { MAX_PER_PAGE } from '../core/constants.js';
import { QueryInt, text } from './common.js';
import { AssetCard, AssetType } from './assets.js';
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
});

const list = z.array(text().trim().min(1).max(255)).max(50);
export const DEFAULT_SEARCH_PAGE_SIZE = 50;
/** The longest search text, in characters: the box stops there and counts down near it. */
export const SEARCH_QUERY_MAX = 500;
/** Totals are exact up to this, then reported as "10,000+". */
export const SEARCH_EXACT_TOTAL = 10_000;

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

export const FacetCount = z.object({ value: z.string(), count: z.number().int() });
export const SearchFacets = z.object({
  author: z.array(FacetCount),
  type: z.array(FacetCount),
  category: z.array(FacetCount),
  language: z.array(FacetCount),
  extension: z.array(FacetCount),
});

export const AssetSearchResponse = z.object({
  items: z.array(AssetCard),
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
