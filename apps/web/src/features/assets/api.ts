import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOWNLOAD_LINK_MINUTES, routes } from '@brandvault/contract';
import type { RouteBody } from '@brandvault/contract';
import { call } from '../../api/client';
import { POLL_LIMIT, folderKeys } from '../folders/api';

export const assetKeys = {
  all: ['assets'] as const,
  details: () => [...assetKeys.all, 'detail'] as const,
  detail: (id: number) => [...assetKeys.details(), id] as const,
  versions: (id: number) => [...assetKeys.all, 'versions', id] as const,
};

/** The view's download link lives DOWNLOAD_LINK_MINUTES: read again at half that, an open page keeps a live one. */
const LINK_REFRESH_MS = (DOWNLOAD_LINK_MINUTES * 60_000) / 2;

export function useAsset(id: number) {
  return useQuery({
    queryKey: assetKeys.detail(id),
    queryFn: ({ signal }) => call(routes.assetView, { params: { id }, signal }),
    // A fresh upload or version is still making its preview: look again shortly.
    refetchInterval: (query) =>
      query.state.data?.asset.derivatives === 'pending' && query.state.dataUpdateCount < POLL_LIMIT
        ? 2000
        : LINK_REFRESH_MS,
  });
}

export function useVersions(id: number) {
  return useQuery({
    queryKey: assetKeys.versions(id),
    queryFn: ({ signal }) => call(routes.versionAll, { params: { id }, signal }),
  });
}

/** An asset changed: its view, its versions and every folder listing that may show it. */
export function useInvalidateAsset() {
  const qc = useQueryClient();
  return (id: number) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: assetKeys.detail(id) }),
      qc.invalidateQueries({ queryKey: assetKeys.versions(id) }),
      qc.invalidateQueries({ queryKey: folderKeys.assetLists() }),
    ]);
}

export function useEditAsset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RouteBody<'assetEdit'> }) =>
      call(routes.assetEdit, { params: { id }, body }),
    onSuccess: (answer) => {
      qc.setQueryData(assetKeys.detail(answer.asset.id), answer);
      return qc.invalidateQueries({ queryKey: folderKeys.assetLists() });
    },
  });
}

export function useMoveAsset() {
  const invalidate = useInvalidateAsset();
  return useMutation({
    mutationFn: ({ id, folderId }: { id: number; folderId: number }) =>
      call(routes.assetMove, { params: { folderId }, body: { ids: [id] } }),
    onSuccess: (_answer, { id }) => invalidate(id),
  });
}

export function useCopyAsset() {
  const invalidate = useInvalidateAsset();
  return useMutation({
    mutationFn: ({ id, folderId }: { id: number; folderId: number }) =>
      call(routes.assetCopy, { params: { id }, body: { folder_id: folderId } }),
    onSuccess: (_answer, { id }) => invalidate(id),
  });
}

export function useAssetStatus() {
  const invalidate = useInvalidateAsset();
  return useMutation({
    mutationFn: (id: number) => call(routes.assetStatus, { params: { id } }),
    onSuccess: (_answer, id) => invalidate(id),
  });
}

export function useRestoreVersion() {
  const invalidate = useInvalidateAsset();
  return useMutation({
    mutationFn: ({ id, number }: { id: number; number: number }) =>
      call(routes.versionRestore, { params: { id, number } }),
    onSuccess: (_answer, { id }) => invalidate(id),
  });
}
