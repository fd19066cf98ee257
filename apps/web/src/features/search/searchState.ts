import {
  ASSET_TYPES,
  AVAILABILITY_STATES,
  COLOUR_NAMES,
  EXPIRING_WITHIN_MAX,
  LABEL_KEYS,
  SEARCH_QUERY_MAX,
  SORT_ATTRIBUTES,
  SORT_MODES,
  SORT_OPTIONS,
} from '@brandvault/contract';
import type {
  AssetSearchBody,
  AssetType,
  AvailabilityState,
  ColourName,
  FieldFilter,
  LabelKey,
} from '@brandvault/contract';
import { parseFieldFilters, parseFieldSort } from './fieldState';

export type SortAttribute = (typeof SORT_ATTRIBUTES)[number];
export type SortMode = (typeof SORT_MODES)[number];
export type Visibility = 'PUBLIC' | 'PRIVATE';

/** The searcher's whole query, as it lives in the URL (next to `folder` and `view`). */
export interface SearchState {
  q: string;
  author: string[];
  type: AssetType[];
  categories: string[];
  language: string[];
  extension: string[];
  dateFrom: string;
  dateTo: string;
  visibility: Visibility | null;
  /** Availability states (URL `avail`, repeated): expiring, expired... (issue 40 §2). */
  availability: AvailabilityState[];
  /** Usable assets whose rights end within this many days (URL `within`); null: any. */
  expiringWithin: number | null;
  /** Dominant colours, palette keys (URL `colour`, repeated; issue 42 §4). */
  colours: ColourName[];
  /** People in the assets, by person id (URL `person`, repeated; issue 42 §3). */
  people: number[];
  /** Conditions on the brand's metadata fields, by field key (URL `mf`, as JSON). */
  fields: Record<string, FieldFilter>;
  /** Objects and scenes found in the files (URL `det`, repeated; issue 42 §2). */
  detected: LabelKey[];
  /** `field`: a number or date field's key, sorting instead of `attribute` (URL `sort=f:key-mode`). */
  sort: { attribute: SortAttribute; mode: SortMode; field?: string };
}

/** The list filters, named as in the request body; each maps to one repeated URL parameter. */
export const LIST_FILTERS = ['author', 'type', 'categories', 'language', 'extension'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** Short URL names keep shared links readable. */
const PARAM: Record<ListFilter, string> = {
  author: 'author',
  type: 'type',
  categories: 'cat',
  language: 'lang',
  extension: 'ext',
};

export const DEFAULT_SORT = { attribute: 'name', mode: 'asc' } as const;

export { SORT_OPTIONS };
export type SortOption = (typeof SORT_OPTIONS)[number];

export function sortOption(sort: SearchState['sort']): SortOption {
  if (sort.field)
    return `f:${sort.field}-${sort.mode === 'asc' || sort.mode === 'oldest' ? 'asc' : 'desc'}` as SortOption;
  if (sort.attribute !== 'date' && (sort.mode === 'asc' || sort.mode === 'desc'))
    return `${sort.attribute}-${sort.mode}`;
  return sort.mode === 'asc' || sort.mode === 'oldest' ? 'date-oldest' : 'date-latest';
}

export function sortFromOption(option: SortOption): SearchState['sort'] {
  const field = parseFieldSort(option);
  if (field) return field;
  const [attribute, mode] = option.split('-') as [SortAttribute, SortMode];
  return { attribute, mode };
}

export const emptySearch: SearchState = {
  q: '',
  author: [],
  type: [],
  categories: [],
  language: [],
  extension: [],
  dateFrom: '',
  dateTo: '',
  visibility: null,
  availability: [],
  expiringWithin: null,
  colours: [],
  people: [],
  fields: {},
  detected: [],
  sort: DEFAULT_SORT,
};

/** Every parameter the searcher owns; anything else in the URL (folder, view) is left alone. */
export const SEARCH_PARAMS = [
  'q',
  ...Object.values(PARAM),
  'from',
  'to',
  'vis',
  'avail',
  'within',
  'mf',
  'det',
  'colour',
  'person',
  'mf',
  'sort',
];

/** A day count from the URL: a whole number within the contract's bounds, else none. */
function parseWithin(v: string | null): number | null {
  if (v === null || !/^\d{1,3}$/.test(v)) return null;
  const n = Number(v);
  return n <= EXPIRING_WITHIN_MAX ? n : null;
}

const isDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);
const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

export function parseSearch(params: URLSearchParams): SearchState {
  const [attribute, mode] = (params.get('sort') ?? '').split('-');
  const sortOk =
    (SORT_ATTRIBUTES as readonly string[]).includes(attribute ?? '') &&
    (SORT_MODES as readonly string[]).includes(mode ?? '');
  const vis = params.get('vis');
  return {
    // A pasted address with a longer text searches its first part rather than failing.
    q: (params.get('q') ?? '').slice(0, SEARCH_QUERY_MAX),
    author: unique(params.getAll(PARAM.author)),
    type: unique(params.getAll(PARAM.type)).filter((t): t is AssetType =>
      (ASSET_TYPES as readonly string[]).includes(t),
    ),
    categories: unique(params.getAll(PARAM.categories)),
    language: unique(params.getAll(PARAM.language)),
    extension: unique(params.getAll(PARAM.extension)),
    dateFrom: isDate(params.get('from')) ? params.get('from')! : '',
    dateTo: isDate(params.get('to')) ? params.get('to')! : '',
    visibility: vis === 'PUBLIC' || vis === 'PRIVATE' ? vis : null,
    availability: AVAILABILITY_STATES.filter((a) => params.getAll('avail').includes(a)),
    expiringWithin: parseWithin(params.get('within')),
    colours: COLOUR_NAMES.filter((c) => params.getAll('colour').includes(c)),
    people: [
      ...new Set(
        params
          .getAll('person')
          .filter((v) => /^\d{1,9}$/.test(v))
          .map(Number),
      ),
    ].slice(0, 20),
    fields: parseFieldFilters(params.get('mf')),
    detected: LABEL_KEYS.filter((k) => params.getAll('det').includes(k)),
    sort:
      parseFieldSort(params.get('sort') ?? '') ??
      (sortOk ? { attribute: attribute as SortAttribute, mode: mode as SortMode } : DEFAULT_SORT),
  };
}

/** Writes the state into a copy of `base`, dropping defaults so a plain folder link stays plain. */
export function writeSearch(base: URLSearchParams, s: SearchState): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const p of SEARCH_PARAMS) next.delete(p);
  if (s.q.trim()) next.set('q', s.q);
  for (const f of LIST_FILTERS) for (const v of s[f]) next.append(PARAM[f], v);
  if (s.dateFrom) next.set('from', s.dateFrom);
  if (s.dateTo) next.set('to', s.dateTo);
  if (s.visibility) next.set('vis', s.visibility);
  for (const a of s.availability) next.append('avail', a);
  if (s.expiringWithin !== null) next.set('within', String(s.expiringWithin));
  for (const c of s.colours) next.append('colour', c);
  for (const p of s.people) next.append('person', String(p));
  if (Object.keys(s.fields).length) next.set('mf', JSON.stringify(s.fields));
  for (const d of s.detected) next.append('det', d);
  if (s.sort.field) next.set('sort', sortOption(s.sort));
  else if (s.sort.attribute !== DEFAULT_SORT.attribute || s.sort.mode !== DEFAULT_SORT.mode)
    next.set('sort', `${s.sort.attribute}-${s.sort.mode}`);
  return next;
}

/** How many filters narrow the result (the query text is not counted: it has its own box). */
export function filterCount(s: SearchState): number {
  return (
    LIST_FILTERS.reduce((n, f) => n + s[f].length, 0) +
    (s.dateFrom ? 1 : 0) +
    (s.dateTo ? 1 : 0) +
    (s.visibility ? 1 : 0) +
    s.availability.length +
    (s.expiringWithin !== null ? 1 : 0) +
    Object.keys(s.fields).length +
    s.detected.length +
    s.colours.length +
    s.people.length
  );
}

export const isSearching = (s: SearchState) => s.q.trim() !== '' || filterCount(s) > 0;

/** A date range that ends before it starts (a typed date or an edited link): nothing to ask for. */
export const datesReversed = (s: SearchState) => !!s.dateFrom && !!s.dateTo && s.dateTo < s.dateFrom;

/**
 * The request body. A plain folder view lists the folder's own assets; as soon as the user
 * searches or filters, the folder's subfolders are searched too (the root: the whole brand).
 */
export function toBody(s: SearchState): AssetSearchBody {
  const body: AssetSearchBody = { recursive: isSearching(s), sort: s.sort };
  if (s.q.trim()) body.q = s.q.trim();
  for (const f of LIST_FILTERS) if (s[f].length) (body[f] as string[]) = s[f];
  if (s.dateFrom) body.date_from = s.dateFrom;
  if (s.dateTo) body.date_to = s.dateTo;
  if (s.visibility) body.visibility = s.visibility;
  if (s.availability.length) body.availability = s.availability;
  if (s.expiringWithin !== null) body.expiring_within = s.expiringWithin;
  if (s.colours.length) body.colours = s.colours;
  if (s.people.length) body.people = s.people;
  if (Object.keys(s.fields).length) body.fields = s.fields;
  if (s.detected.length) body.detected = s.detected;
  return body;
}

/** Drops every filter; the query text too unless asked to keep it. The sort is a view choice: it stays. */
export function clearFilters(s: SearchState, keepQuery = true): SearchState {
  return { ...emptySearch, q: keepQuery ? s.q : '', sort: s.sort };
}

/** The state a request body stands for (a saved search reopened): toBody's inverse. */
export function fromBody(b: AssetSearchBody): SearchState {
  const s: SearchState = { ...emptySearch, q: b.q ?? '', sort: b.sort ? { ...DEFAULT_SORT, ...b.sort } : DEFAULT_SORT };
  for (const f of LIST_FILTERS) if (b[f]?.length) (s[f] as string[]) = [...b[f]];
  s.dateFrom = b.date_from ?? '';
  s.dateTo = b.date_to ?? '';
  s.visibility = b.visibility ?? null;
  s.availability = b.availability ? [...b.availability] : [];
  s.expiringWithin = b.expiring_within ?? null;
  s.colours = b.colours ? [...b.colours] : [];
  s.people = b.people ? [...b.people] : [];
  if (b.fields) s.fields = { ...b.fields };
  s.detected = b.detected ? [...b.detected] : [];
  return s;
}
