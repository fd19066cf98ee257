import type { Dialect } from '../../db/index.js';
import type { AssetAvailability } from '../../db/schema.js';
import { foldAccents } from '../../db/fold.js';

/** Where to look: the whole brand, one folder, or a folder with its subfolders (path prefix). */
export type Scope =
  | { kind: 'brand'; brandId: number }
  /** `brandId` and `path` let PostgreSQL's word rows (2026112404) serve the folder alone too. */
  | { kind: 'folder'; folderId: number; brandId: number; path: string }
  | { kind: 'subtree'; brandId: number; path: string };

/**
 * A condition on a metadata field (issue 39 §3), resolved from the body: `options` holds a tree
 * node's descendants too; `missing` is limited to the field's asset types (as gaps count them).
 */
export type FieldCond =
  /** `once`: an asset holds at most one of `ids` (not a multi select with several). */
  | { kind: 'options'; field: number; ids: number[]; once?: true }
  | { kind: 'number'; field: number; min?: number; max?: number }
  | { kind: 'date'; field: number; from?: string; to?: string }
  | { kind: 'boolean'; field: number; is: boolean }
  | { kind: 'missing'; field: number; types: string[] };

export interface SearchFilters {
  scope: Scope;
  /** false: rows hidden from guests (PRIVATE, under a PRIVATE folder, expired, embargoed) are left out. */
  withPrivate: boolean;
  /** true: uploads awaiting review (or rejected) are in too (modules/access/privacy.ts). */
  withPending?: boolean;
  terms: string[];
  author?: string[];
  type?: string[];
  categories?: string[];
  language?: string[];
  extension?: string[];
  /** Inclusive ISO bounds on sort_date (created_at). */
  dateFrom?: string;
  dateBefore?: string;
  visibility?: 'PUBLIC' | 'PRIVATE';
  /** Only assets in these availability states (a condition on `assets`, added only when set). */
  availability?: AssetAvailability[];
  /** Only usable assets (available or expiring) whose rights end on or before this day (YYYY-MM-DD). */
  endsBy?: string;
  /** Only assets with a face of one of these (shown) people (issue 42 §3). */
  people?: number[];
  /** Metadata field conditions, all of which must hold. */
  fields?: FieldCond[];
  /** Only images with one of these named colours (palette keys, `asset_colours`; issue 42 §4). */
  colours?: string[];
  /**
   * Objects and scenes (issue 42 §2): assets holding any of `labels` (sorted keys) with a score
   * of at least `from` (the brand's threshold), not rejected. Label rows bump the generation.
   */
  detected?: { labels: string[]; from: number };
  /**
   * PostgreSQL: the exact words the last term stands for as a prefix, from the vocabulary (the
   * GIN index finds exact words faster than a prefix). Absent: the prefix itself.
   */
  lastWords?: string[];
}
/**
 * A page's order: `name_lc` (name), `sort_date` (upload date), `type` (type, then name) or
 * `size` (bytes); ties by id in the same direction.
 */
export interface SearchOrder {
  key: 'name_lc' | 'sort_date' | 'type' | 'size';
  dir: 'asc' | 'desc';
}

/** The columns an order sorts by, before the id: the leading columns of its sort index. */
export const orderColumns = (key: SearchOrder['key']): readonly ('name_lc' | 'sort_date' | 'type' | 'size')[] =>
  key === 'type' ? ['type', 'name_lc'] : [key];

/**
 * Added to a size to make its sort key (`After.key`, the page rows of `grouped`): every size
 * below 8e15 bytes then has 16 digits, so the keys compare as text in the order of the sizes,
 * and a key is the same on both databases.
 */
export const SIZE_KEY_BASE = 1_000_000_000_000_000;

/**
 * Joins the type and name key into one sort key (`After.key`, the page rows of `grouped`):
 * types are lower-case ASCII words, all after U+0001, so comparing the joined text byte by byte
 * orders as (type, name key) does.
 */
export const TYPE_KEY_SEP = '\u0001';

/** An `After.key` of the type order split back into its type and name key. */
export function typeKeyParts(key: string): [string, string] {
  const at = key.indexOf(TYPE_KEY_SEP);
  return at < 0 ? [key, ''] : [key.slice(0, at), key.slice(at + 1)];
}
export type FacetName = 'author' | 'type' | 'category' | 'language' | 'extension';
/** A page to take from the rows grouped for facets: only when they are every match (at most `whenAtMost`). */
export interface PageOf {
  order: SearchOrder;
  limit: number;
  offset: number;
  whenAtMost: number;
}

/**
 * How a full-text condition joins the rest (SQLite): `in` a list of every match; `skip` (the
 * caller drives from FTS); `exists` checked row by row with the last word's prefix expanded to
 * the exact words it stands for (a prefix per row would merge whole lists each time).
 */
export type TextPlan = 'in' | 'skip' | { exists: string[] };

/**
 * How a page is found: `walk` the sort index, checking conditions row by row (stops after
 * `offset + limit` matches); `sort` the matches listed from the filters' indexes (the sort index
 * kept out); `any`: the database's own choice.
 */
export type PagePlan = 'any' | 'walk' | 'sort';

/** Where a page starts: after the match with this sort key and id, in the order's direction. */
export interface After {
  key: string;
  id: number;
}

/**
 * Whether `f` has conditions besides scope, words, type, extension and privacy, the ones SQLite's
 * full-text tokens and PostgreSQL's word rows hold.
 */
export const beyondTypeAndExtension = (f: SearchFilters): boolean =>
  !!(
    f.author?.length ||
    f.language?.length ||
    f.categories?.length ||
    f.dateFrom ||
    f.dateBefore ||
    f.fields?.length ||
    f.availability?.length ||
    f.endsBy ||
    f.detected ||
    f.colours?.length ||
    f.people?.length
  );

/** No condition beyond scope and privacy: totals and facets come from the count tables. */
export function isUnfiltered(f: SearchFilters): boolean {
  return (
    !f.terms.length &&
    !f.author?.length &&
    !f.type?.length &&
    !f.categories?.length &&
    !f.language?.length &&
    !f.extension?.length &&
    !f.dateFrom &&
    !f.dateBefore &&
    !f.fields?.length &&
    !f.availability?.length &&
    !f.endsBy &&
    !f.detected &&
    !f.colours?.length &&
    !f.people?.length
  );
}

/**
 * Query words: NFC, lower case, split on anything that is not a letter or a digit. PostgreSQL also
 * folds accents with the table its index was built with; FTS5 folds them itself.
 */
export function searchTerms(q: string | undefined, dialect: Dialect): string[] {
  if (!q) return [];
  const lower = q.normalize('NFC').toLowerCase();
  const text = dialect === 'postgres' ? foldAccents(lower) : lower;
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16);
}
