import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { RouteBody } from '@brandvault/contract';
import { call } from '../../api/client';
import { useJobStarted } from '../jobs/api';

export type GuidelineDraftInput = RouteBody<'guidelineUpdate'>;
export type GuidelineCreateInput = RouteBody<'guidelineCreate'>;

export const guidelineKeys = {
  all: ['guidelines'] as const,
  tree: (brandId: number) => ['guidelines', 'tree', brandId] as const,
  page: (id: number) => ['guidelines', 'page', id] as const,
  versions: (id: number) => ['guidelines', 'versions', id] as const,
  version: (id: number, n: number) => ['guidelines', 'versions', id, n] as const,
};

/** A brand's tree, as the screen and the route's loader ask for it. */
export const guidelineTreeQuery = (brandId: number) =>
  queryOptions({
    queryKey: guidelineKeys.tree(brandId),
    queryFn: ({ signal }) => call(routes.guidelineTree, { params: { id: brandId }, signal }),
    staleTime: 30_000,
  });

/** A page with its blocks and assets, as the screen and the route's loader ask for it. */
export const guidelinePageQuery = (id: number) =>
  queryOptions({
    queryKey: guidelineKeys.page(id),
    queryFn: ({ signal }) => call(routes.guidelineGet, { params: { id }, signal }),
  });

export function useGuidelineTree(brandId: number | undefined) {
  return useQuery({ ...guidelineTreeQuery(brandId ?? 0), enabled: brandId !== undefined });
}

export function useGuidelinePage(id: number | undefined) {
  return useQuery({ ...guidelinePageQuery(id ?? 0), enabled: id !== undefined });
}

export function useGuidelineVersions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: guidelineKeys.versions(id),
    queryFn: ({ signal }) => call(routes.guidelineVersions, { params: { id }, signal }),
    enabled,
  });
}

export function useGuidelineVersion(id: number, number: number | null) {
  return useQuery({
    queryKey: guidelineKeys.version(id, number ?? 0),
    queryFn: ({ signal }) => call(routes.guidelineVersion, { params: { id, number: number! }, signal }),
    enabled: number !== null,
  });
}

/** The published pages that show an asset. */
export function useGuidelineUses(assetId: number) {
  return useQuery({
    queryKey: ['guidelines', 'uses', assetId],
    queryFn: ({ signal }) => call(routes.guidelineUses, { params: { id: assetId }, signal }),
  });
}

/** Every change to a page may change the tree (titles, order, status): both are read again. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: guidelineKeys.all });
}

export function useCreateGuideline(brandId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: GuidelineCreateInput) => call(routes.guidelineCreate, { params: { id: brandId }, body }),
    onSuccess: invalidate,
  });
}

export function useSaveGuideline(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: GuidelineDraftInput) => call(routes.guidelineUpdate, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function usePublishGuideline(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => call(routes.guidelinePublish, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRevertGuideline(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (version: number) => call(routes.guidelineRevert, { params: { id }, body: { version } }),
    onSuccess: invalidate,
  });
}

export function useMoveGuideline() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, chapter_id, position }: { id: number; chapter_id: number | null; position: number }) =>
      call(routes.guidelineMove, { params: { id }, body: { chapter_id, position } }),
    onSuccess: invalidate,
  });
}

export function useDeleteGuideline() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(routes.guidelineDelete, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Assets of the brand whose names match `q`, for the editor's pickers (the brand's top folder down). */
export function useAssetChoices(rootId: number | undefined, q: string) {
  return useQuery({
    queryKey: ['guidelines', 'assetChoices', rootId ?? 0, q],
    queryFn: ({ signal }) =>
      call(routes.assetSearch, {
        params: { id: rootId! },
        query: { page: 1, per_page: 24 },
        body: { q: q || undefined, recursive: true, sort: { attribute: 'name', mode: 'asc' } },
        signal,
      }),
    enabled: rootId !== undefined,
  });
}

/** Published guidelines pages of the brand whose words hold `q`; nothing asked for an empty query. */
export function useGuidelineSearch(brandId: number, q: string) {
  const words = q.trim();
  return useQuery({
    queryKey: ['guidelines', 'search', brandId, words],
    queryFn: ({ signal }) => call(routes.guidelineSearch, { params: { id: brandId }, query: { q: words }, signal }),
    enabled: words !== '',
    staleTime: 30_000,
  });
}

export const guidelineLinkKeys = {
  list: (brandId: number) => ['guidelines', 'links', brandId] as const,
  public: (token: string, pass: string | null) => ['guidelines', 'public', token, pass] as const,
  publicPage: (token: string, id: number, pass: string | null) => ['guidelines', 'public', token, id, pass] as const,
};

/** The brand's public guidelines links (its guidelines managers). */
export function useGuidelineLinks(brandId: number, enabled: boolean) {
  return useQuery({
    queryKey: guidelineLinkKeys.list(brandId),
    queryFn: ({ signal }) => call(routes.guidelineLinkList, { params: { id: brandId }, signal }),
    enabled,
  });
}

export function useCreateGuidelineLink(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'guidelineLinkCreate'>) =>
      call(routes.guidelineLinkCreate, { params: { id: brandId }, body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: guidelineLinkKeys.list(brandId) }),
  });
}

export function useRevokeGuidelineLink(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (link: number) => call(routes.guidelineLinkRevoke, { params: { id: brandId, link } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: guidelineLinkKeys.list(brandId) }),
  });
}

/** A public link's tree, opened without signing in (with the pass of an unlock, if it has a password). */
export function usePublicGuidelines(token: string, pass: string | null) {
  return useQuery({
    queryKey: guidelineLinkKeys.public(token, pass),
    queryFn: ({ signal }) =>
      call(routes.guidelinePublicTree, { params: { token }, query: pass ? { pass } : {}, signal }),
    retry: false,
  });
}

export function usePublicGuidelinePage(token: string, id: number | undefined, pass: string | null) {
  return useQuery({
    queryKey: guidelineLinkKeys.publicPage(token, id ?? 0, pass),
    queryFn: ({ signal }) =>
      call(routes.guidelinePublicPage, { params: { token, pageId: id! }, query: pass ? { pass } : {}, signal }),
    enabled: id !== undefined && pass !== null,
    retry: false,
  });
}

export function useUnlockGuidelines(token: string) {
  return useMutation({
    mutationFn: (password: string) => call(routes.guidelinePublicUnlock, { params: { token }, body: { password } }),
  });
}

/** Queues the PDF of the whole guidelines (no page) or of one page; the jobs indicator follows it. */
export function useGuidelinePdf() {
  const jobStarted = useJobStarted();
  return useMutation({
    mutationFn: (what: { brandId: number } | { pageId: number }) =>
      'pageId' in what
        ? call(routes.guidelinePagePdf, { params: { id: what.pageId } })
        : call(routes.guidelinePdf, { params: { id: what.brandId } }),
    onSuccess: () => void jobStarted(),
  });
}
