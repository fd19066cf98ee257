import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import { call } from '../../api/client';
import { folderKeys } from './api';

/** Under `assets`: whatever refreshes asset lists after a removal refreshes the Trash too. */
export const assetTrashKey = (brandId: number) => ['assets', 'trash', brandId] as const;

/** The brand's removed files, newest first (one's own without the whole Trash: the server decides). */
export function useAssetTrash(brandId: number, page = 1) {
  return useQuery({
    queryKey: [...assetTrashKey(brandId), page],
    queryFn: ({ signal }) => call(routes.assetTrash, { query: { brand_id: brandId, page, per_page: 50 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Searches, folders, counts and the Trash follow a restore or a deletion for good. */
function useInvalidateAssets() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['assets'] }),
      qc.invalidateQueries({ queryKey: folderKeys.assetLists() }),
      qc.invalidateQueries({ queryKey: folderKeys.details() }),
      qc.invalidateQueries({ queryKey: ['brands'] }),
    ]);
}

/** Restores one or many removed files at once (all or nothing). */
export function useRestoreAssets() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (ids: number[]) => call(routes.assetStatusMany, { body: { ids, status: 'ACTIVE' } }),
    onSuccess: invalidate,
  });
}

export function usePurgeAsset() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (id: number) => call(routes.assetPurge, { params: { id } }),
    onSuccess: invalidate,
  });
}
