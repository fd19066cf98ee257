import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { AssetStatusManyBody, RouteQuery } from '@brandvault/contract';
import { call } from '../../api/client';
import { moveAssets } from '../assets/api';
import { useInvalidateListings } from '../search/api';

export type AssetManagerListQuery = NonNullable<RouteQuery<'assetAll'>>;

export const managerKeys = {
  all: ['assetManager'] as const,
  list: (q: AssetManagerListQuery) => [...managerKeys.all, 'list', q] as const,
};

export function useManagedAssets(query: AssetManagerListQuery) {
  return useQuery({
    queryKey: managerKeys.list(query),
    queryFn: ({ signal }) => call(routes.assetAll, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** After a change: this table, and every folder listing, search, asset page and collection. */
function useInvalidate() {
  const qc = useQueryClient();
  const listings = useInvalidateListings();
  return () => Promise.all([qc.invalidateQueries({ queryKey: managerKeys.all }), listings()]);
}

/** Remove (INACTIVE) or restore (ACTIVE) a selection in one call (all or nothing). */
export function useChangeStatusMany() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AssetStatusManyBody) => call(routes.assetStatusMany, { body }),
    onSettled: invalidate,
  });
}

/** Move a selection into a folder of its brand (all or nothing per request of MAX_PER_PAGE). */
export function useMoveMany() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ ids, folderId }: { ids: number[]; folderId: number }) => moveAssets(folderId, ids),
    onSettled: invalidate,
  });
}
