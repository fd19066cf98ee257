import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOWNLOAD_LINK_MINUTES, MAX_PER_PAGE, routes } from '@brandvault/contract';
import type { RouteBody, SystemVocabularyKey } from '@brandvault/contract';
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

/** The asset page's read of one asset (a link's loader reads it first to learn its brand). */
export const assetView = (id: number) => ({
  queryKey: assetKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(routes.assetView, { params: { id }, signal }),
});

export function useAsset(id: number, enabled = true) {
  return useQuery({
    ...assetView(id),
    enabled,
    // A fresh upload or version is still making its preview: look again shortly.
    refetchInterval: (query) =>
      query.state.data?.asset.derivatives === 'pending' && query.state.dataUpdateCount < POLL_LIMIT
        ? 2000
        : LINK_REFRESH_MS,
  });
}

/** An asset's view answer, from the cache when it is there (it carries the signed download link). */
export function useFetchAsset() {
  const qc = useQueryClient();
  return (id: number) => qc.fetchQuery(assetView(id));
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

/**
 * Moves assets into a folder of their brand, MAX_PER_PAGE ids a request, one request after the
 * other; each request is all or nothing and the first refusal stops the rest. Answers how many moved.
 */
export async function moveAssets(folderId: number, ids: number[]): Promise<number> {
  let moved = 0;
  for (let i = 0; i < ids.length; i += MAX_PER_PAGE)
    moved += (await call(routes.assetMove, { params: { folderId }, body: { ids: ids.slice(i, i + MAX_PER_PAGE) } }))
      .moved;
  return moved;
}

export const copyAsset = (id: number, folderId: number) =>
  call(routes.assetCopy, { params: { id }, body: { folder_id: folderId } });

/** Remove ↔ restore: an active asset is removed, a removed one comes back. */
export const changeAssetStatus = (id: number) => call(routes.assetStatus, { params: { id } });

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
    mutationFn: ({ id, folderId }: { id: number; folderId: number }) => copyAsset(id, folderId),
    onSuccess: (_answer, { id }) => invalidate(id),
  });
}

export function useAssetStatus() {
  const invalidate = useInvalidateAsset();
  return useMutation({
    mutationFn: changeAssetStatus,
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

/** An option as both languages name it; assets keep the English label. */
export interface BrandWord {
  en: string;
  es: string;
}

/** The options the brand offers as themes and visual languages (issue 39 §3), retired ones left out. */
export function useBrandWords(brandId: number) {
  return useQuery({
    queryKey: [...assetKeys.all, 'words', brandId],
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const out: Record<SystemVocabularyKey, BrandWord[]> = { themes: [], language: [], channels: [] };
      const vocabularies = await call(routes.vocabularyList, { params: { id: brandId }, signal });
      for (const v of vocabularies.items)
        if (v.system && v.system !== 'channels') {
          const options = await call(routes.vocabularyOptions, { params: { id: v.id }, signal });
          out[v.system] = options.items.filter((o) => !o.retired).map((o) => ({ en: o.label_en, es: o.label_es }));
        }
      return out;
    },
  });
}

/** The brand's most used keywords starting with what was typed (none asked for until something is). */
export function useKeywordSuggestions(brandId: number, prefix: string) {
  const typed = prefix.trim();
  return useQuery({
    queryKey: [...assetKeys.all, 'keywords', brandId, typed.toLowerCase()],
    enabled: typed.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(routes.keywordSuggestions, { params: { id: brandId }, query: { prefix: typed }, signal }),
  });
}

/**
 * Confirms an asset's licence terms (or its expiry) for its download (issue 40): the server
 * records the confirmation and answers a link that lets the original go.
 */
export async function confirmDownload(id: number): Promise<string> {
  const r = await call(routes.assetDownloadConfirm, { params: { id }, body: { accept: true } });
  return r.download_url;
}
