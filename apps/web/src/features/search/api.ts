import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { useState } from 'react';
import { routes } from '@brandvault/contract';
import type { AssetSearchBody, AssetSearchResponse, VocabularyOption } from '@brandvault/contract';
import { call } from '../../api/client';
import { POLL_LIMIT, folderKeys, hasPending } from '../folders/api';
import type { ListFilter } from './searchState';

/** Up to this many loaded pages, a refresh refetches them all; beyond, it starts over at page 1. */
const FEW_PAGES = 5;

/** Big pages keep a 10,000-item scroll to a hundred requests; the server allows up to 200. */
export const SEARCH_PAGE_SIZE = 100;

/** Where a page of the scroll starts: its number in pages of `per_page` items. */
export interface PageAt {
  page: number;
  per_page: number;
}

/**
 * The first page holds about a screenful of cards (200-px columns and rows, as the grid draws
 * them): 25 or 50, so the first cards arrive and render sooner than 100 would.
 */
export function firstPageSize(width = window.innerWidth, height = window.innerHeight): number {
  const cards = Math.floor(width / 200) * Math.floor(height / 200);
  return cards <= 25 ? 25 : cards <= 50 ? 50 : SEARCH_PAGE_SIZE;
}

/**
 * The page after `loaded` items: each size doubles up to SEARCH_PAGE_SIZE once the offset allows
 * (25, 25, 50, 100, 100…), and every size divides the offset it starts at, so the pages meet
 * without a gap or an overlap.
 */
export function nextPageAt(loaded: number, first: number): PageAt {
  let size = first;
  while (size * 2 <= SEARCH_PAGE_SIZE && loaded % (size * 2) === 0) size *= 2;
  return { page: loaded / size + 1, per_page: size };
}

/**
 * Under folderKeys.assets(folder) on purpose: every existing invalidation of folder listings
 * (upload, edit, move, copy, remove) refreshes the searcher too.
 */
export const searchKey = (folderId: number, body: AssetSearchBody) =>
  [...folderKeys.assets(folderId), 'search', body] as const;

/**
 * The searcher's scroll of `body` in a folder, starting with `first` items: the hook's query, and
 * what the brand home's loader fetches before the screen is drawn (same key, same first page).
 */
export const assetSearchQuery = (folderId: number, body: AssetSearchBody, first: number) =>
  infiniteQueryOptions({
    queryKey: searchKey(folderId, body),
    queryFn: ({ pageParam, signal }) =>
      call(routes.assetSearch, { params: { id: folderId }, query: pageParam, body, signal }),
    initialPageParam: { page: 1, per_page: first } as PageAt,
    // A capped total ("10,000+") says nothing about the end: a full page means there may be more.
    getNextPageParam: (last, pages) =>
      last.items.length === last.per_page && (last.total_capped || last.page * last.per_page < last.total)
        ? nextPageAt(
            pages.reduce((n, p) => n + p.per_page, 0),
            first,
          )
        : undefined,
  });

/** `screenful`: an infinite scroll starts with a screen's worth (firstPageSize), else 100. */
export function useAssetSearch(folderId: number | undefined, body: AssetSearchBody, enabled = true, screenful = false) {
  const [first] = useState(() => (screenful ? firstPageSize() : SEARCH_PAGE_SIZE));
  return useInfiniteQuery({
    ...assetSearchQuery(folderId ?? 0, body, first),
    enabled: folderId !== undefined && enabled,
    // While a new filter loads, the previous results and facets stay (dimmed) instead of blinking.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === folderId ? keepPreviousData(previous) : undefined,
    // Fresh uploads are still making thumbnails: look again while any loaded card waits.
    // Only near the top: a refetch of an infinite query asks for every loaded page again.
    refetchInterval: (query) => {
      const pages = query.state.data?.pages ?? [];
      return pages.length <= FEW_PAGES &&
        pages.some((p) => hasPending(p.items)) &&
        query.state.dataUpdateCount < POLL_LIMIT
        ? 2000
        : false;
    },
  });
}

/**
 * Facets for the filters panel while merely browsing: the listing then covers the folder alone,
 * but ticking a filter searches its subfolders too, so the choices (and counts) must come from
 * there. One item is enough: only the facets are read.
 */
export function useBrowseFacets(folderId: number | undefined, enabled: boolean) {
  const body: AssetSearchBody = { recursive: true };
  return useQuery({
    queryKey: [...searchKey(folderId ?? 0, body), 'facets'],
    queryFn: ({ signal }) =>
      call(routes.assetSearch, { params: { id: folderId ?? 0 }, query: { page: 1, per_page: 1 }, body, signal }),
    enabled: enabled && folderId !== undefined,
    select: (answer) => answer.facets,
  });
}

/** Newest first, in the folder and its subfolders. */
const RECENT_BODY: AssetSearchBody = { recursive: true, sort: { attribute: 'date', mode: 'desc' } };

/**
 * The `count` newest assets under a folder (the brand's root: the whole brand) that the user may
 * see, through the searcher's own call and under its key, so uploads, edits and removals refresh
 * them with the listings.
 */
export function useRecentAssets(rootId: number, count: number) {
  return useQuery({
    queryKey: [...searchKey(rootId, RECENT_BODY), 'recent', count],
    queryFn: ({ signal }) =>
      call(routes.assetSearch, {
        params: { id: rootId },
        query: { page: 1, per_page: count },
        body: RECENT_BODY,
        signal,
      }),
  });
}

/** The search `body` without its `field` filter: the same folder, words, other filters and sort. */
export function withoutFilter(body: AssetSearchBody, field: ListFilter): AssetSearchBody {
  const rest = { ...body };
  delete rest[field];
  return rest;
}

/**
 * Facets of one ticked field, so its other values keep their counts (OR within a field): the
 * same search without that field's filter. The server keeps a search's count and facets for all
 * its pages and sorts, and this is most often the search shown just before the value was ticked,
 * so it is cheap there; here it starts from that search's answer when it is still cached.
 * One item is enough: only the facets are read. Facets do not depend on the order, so the sort
 * is left out: with nothing else to filter by, this is the browsing panel's own request.
 */
export function useFacetsWithout(
  folderId: number | undefined,
  body: AssetSearchBody,
  field: ListFilter,
  enabled: boolean,
) {
  const qc = useQueryClient();
  const listed = withoutFilter(body, field);
  const { sort: _sort, ...rest } = listed;
  const id = folderId ?? 0;
  return useQuery({
    queryKey: [...searchKey(id, rest), 'facets'],
    queryFn: ({ signal }) =>
      call(routes.assetSearch, { params: { id }, query: { page: 1, per_page: 1 }, body: rest, signal }),
    enabled: enabled && folderId !== undefined && !!body[field]?.length,
    select: (answer) => ({ facets: answer.facets, capped: answer.facets_capped }),
    // Until it answers: the listing of that same search if cached, else the field's last counts
    // in this folder, so the values hold still instead of blinking.
    placeholderData: (previous, previousQuery) =>
      qc.getQueryData<{ pages: AssetSearchResponse[] }>(searchKey(id, listed))?.pages[0] ??
      (previousQuery?.queryKey[2] === folderId ? keepPreviousData(previous) : undefined),
  });
}

/** After a bulk action: listings, folder details (counts) and any open asset page. */
export function useInvalidateListings() {
  const qc = useQueryClient();
  const long = (q: Query) => ((q.state.data as { pages?: unknown[] } | undefined)?.pages?.length ?? 0) > FEW_PAGES;
  return () =>
    Promise.all([
      // A long scroll would otherwise be refetched page by page (dozens of requests) after one move.
      qc.resetQueries({ queryKey: folderKeys.assetLists(), predicate: long }),
      qc.invalidateQueries({ queryKey: folderKeys.assetLists(), predicate: (q) => !long(q) }),
      qc.invalidateQueries({ queryKey: folderKeys.details() }),
      qc.invalidateQueries({ queryKey: ['assets'] }),
      // Collections show assets as they are now: a removed or moved one may leave them.
      qc.invalidateQueries({ queryKey: ['collections'] }),
    ]);
}

/** The brand's metadata fields (issue 39), for the filters, sorts and chips of the searcher. */
export function useBrandFields(brandId: number) {
  return useQuery({
    queryKey: ['brand', brandId, 'metadata', 'fields'],
    queryFn: async ({ signal }) => {
      const r = await call(routes.metadataFieldList, { params: { id: brandId }, signal });
      // A server without metadata fields (or an answer of another shape) leaves the searcher as it was.
      return Array.isArray(r?.items) && r.abilities ? r : { items: [], abilities: { manage: false } };
    },
  });
}

/** A vocabulary's options in tree order, for an option field's filter. */
export function useVocabularyOptions(vocabularyId: number | null) {
  return useQuery({ ...optionsQuery(vocabularyId ?? 0), enabled: vocabularyId !== null });
}

const optionsQuery = (id: number) => ({
  queryKey: ['metadata', 'vocabulary', id, 'options'],
  queryFn: ({ signal }: { signal: AbortSignal }) => call(routes.vocabularyOptions, { params: { id }, signal }),
});

/** The options of several vocabularies by id, each once loaded (shared with the filter panel's). */
export function useVocabularyOptionLists(vocabularyIds: readonly number[]): Map<number, VocabularyOption[]> {
  const lists = useQueries({ queries: [...new Set(vocabularyIds)].map(optionsQuery) });
  const byId = new Map<number, VocabularyOption[]>();
  for (const q of lists) if (q.data) byId.set(q.data.vocabulary.id, q.data.items);
  return byId;
}

/** How many assets miss each required field (managers only). */
export function useMetadataGaps(brandId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['brand', brandId, 'metadata', 'gaps'],
    queryFn: ({ signal }) => call(routes.metadataGaps, { params: { id: brandId }, signal }),
    enabled,
  });
}
