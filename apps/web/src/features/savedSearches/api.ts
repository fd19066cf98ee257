import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { SavedSearchBody, SavedSearchUpdate } from '@brandvault/contract';
import { call } from '../../api/client';
import { folderKeys } from '../folders/api';
import { SEARCH_PAGE_SIZE } from '../search/api';

/** Every saved-search list sits under one key, so a change refreshes the menu and My Collections. */
export const savedSearchKeys = {
  all: ['savedSearches'] as const,
  list: (brandId: number | undefined, collections: boolean) =>
    [...savedSearchKeys.all, 'list', brandId ?? 0, collections] as const,
};

/** One brand's saved searches (or every brand's), pinned first, then own, then shared. */
export function useSavedSearches(opts: { brandId?: number; collections?: boolean; enabled?: boolean } = {}) {
  const collections = opts.collections ?? false;
  return useQuery({
    queryKey: savedSearchKeys.list(opts.brandId, collections),
    queryFn: ({ signal }) =>
      call(routes.savedSearchList, {
        query: { brand_id: opts.brandId, collections: collections ? 'true' : undefined },
        signal,
      }),
    enabled: opts.enabled ?? true,
  });
}

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: savedSearchKeys.all });
}

export function useSaveSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SavedSearchBody) => call(routes.savedSearchCreate, { body }),
    onSuccess: () => void refresh(),
  });
}

export function useUpdateSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: SavedSearchUpdate & { id: number }) =>
      call(routes.savedSearchUpdate, { params: { id }, body }),
    onSuccess: () => void refresh(),
  });
}

export function usePinSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: number; pinned: boolean }) =>
      call(routes.savedSearchPin, { params: { id }, body: { pinned } }),
    onSuccess: () => void refresh(),
  });
}

export function useShareSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, shared }: { id: number; shared: boolean }) =>
      call(routes.savedSearchShare, { params: { id }, body: { shared } }),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(routes.savedSearchDelete, { params: { id } }),
    onSuccess: () => void refresh(),
  });
}

/**
 * A saved search's live results, page by page. Under its folder's assets key, so every upload,
 * edit or removal that refreshes the folder's listings refreshes the smart collection too.
 */
export function useSavedSearchResults(id: number, folderId: number | undefined) {
  return useInfiniteQuery({
    queryKey: [...folderKeys.assets(folderId ?? 0), 'saved', id] as const,
    queryFn: ({ pageParam, signal }) =>
      call(routes.savedSearchRun, { params: { id }, query: { page: pageParam, per_page: SEARCH_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.items.length === last.per_page && (last.total_capped || last.page * last.per_page < last.total)
        ? last.page + 1
        : undefined,
    enabled: folderId !== undefined,
  });
}
