import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { RouteBody, RouteQuery, ShareBody } from '@brandvault/contract';
import { call } from '../../api/client';

/** Keys: every share-link query sits under `shareLinks`, so one invalidation refreshes them all. */
export const shareKeys = {
  all: ['shareLinks'] as const,
  ofCollection: (id: number) => [...shareKeys.all, 'collection', id] as const,
  recipients: (id: number, q: string) => [...shareKeys.all, 'recipients', id, q] as const,
  shared: (id: number, token: string, pub: boolean, pass: string) =>
    [...shareKeys.all, 'shared', id, token, pub, pass] as const,
};

/** The owner's links of one collection, newest first, with their counts. */
export function useCollectionLinks(collectionId: number, enabled = true) {
  return useQuery({
    queryKey: shareKeys.ofCollection(collectionId),
    queryFn: ({ signal }) => call(routes.collectionShareList, { params: { id: collectionId }, signal }),
    enabled,
  });
}

/** People the owner may pick for a specific-users link. */
export function useRecipients(collectionId: number, q: string, enabled: boolean) {
  return useQuery({
    queryKey: shareKeys.recipients(collectionId, q),
    queryFn: ({ signal }) =>
      call(routes.collectionShareRecipients, {
        params: { id: collectionId },
        query: q ? { q } : {},
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCreateShare(collectionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareBody) => call(routes.collectionShare, { params: { id: collectionId }, body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: shareKeys.ofCollection(collectionId) }),
  });
}

export function useRevokeShare(collectionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (link: number) => call(routes.collectionShareRevoke, { params: { id: collectionId, link } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: shareKeys.ofCollection(collectionId) }),
  });
}

/** The pass of an unlocked password link lasts for this browser session (tab), never longer. */
const passKey = (id: number, token: string) => `share-pass:${id}:${token}`;
export const readPass = (id: number, token: string) => {
  try {
    return sessionStorage.getItem(passKey(id, token)) ?? '';
  } catch {
    return '';
  }
};
export const savePass = (id: number, token: string, pass: string) => {
  try {
    sessionStorage.setItem(passKey(id, token), pass);
  } catch {
    // Storage refused (private mode): the pass lives as long as the page.
  }
};

export const SHARED_PAGE_SIZE = 60;

/** A shared collection as its link shows it, page after page: signed in, or public for anyone-with-the-link. */
export function useSharedCollection(id: number, token: string, pub: boolean, pass: string) {
  return useInfiniteQuery({
    queryKey: shareKeys.shared(id, token, pub, pass),
    queryFn: ({ pageParam, signal }) =>
      call(pub ? routes.publicView : routes.sharedView, {
        params: { id, token },
        query: { page: pageParam, per_page: SHARED_PAGE_SIZE, ...(pass ? { pass } : {}) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.assets.page * last.assets.per_page < last.assets.total ? last.assets.page + 1 : undefined,
    retry: false,
    // The file addresses carry a pass that expires: a long-open page fetches fresh ones.
    staleTime: 10 * 60_000,
  });
}

export function useUnlock(id: number, token: string) {
  return useMutation({
    mutationFn: (password: string) => call(routes.sharedUnlock, { params: { id, token }, body: { password } }),
  });
}

/** Live links other people made for the caller. */
export function useSharedWithMe() {
  return useQuery({
    queryKey: [...shareKeys.all, 'withMe'],
    queryFn: ({ signal }) => call(routes.sharedWithMe, { signal }),
    staleTime: 30_000,
  });
}

/** Share-link administration (§6 shareLink.view and shareLink.manage). */
export type ShareLinkListQuery = NonNullable<RouteQuery<'shareLinkAll'>>;
export type ShareLinkUpdate = RouteBody<'shareLinkUpdate'>;

export function useShareLinks(query: ShareLinkListQuery) {
  return useQuery({
    queryKey: [...shareKeys.all, 'list', query],
    queryFn: ({ signal }) => call(routes.shareLinkAll, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Revokes a link (`{revoke: true}`) or sets a new expiry counted from now. */
export function useUpdateShareLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ShareLinkUpdate }) =>
      call(routes.shareLinkUpdate, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
