import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { RouteQuery, UploadRequestBody } from '@brandvault/contract';
import { call } from '../../api/client';

/** Keys: every upload-request query sits under `uploadRequests`, so one invalidation refreshes them all. */
export const requestKeys = {
  all: ['uploadRequests'] as const,
  list: (q: UploadRequestListQuery) => [...requestKeys.all, 'list', q] as const,
  open: (token: string, pass: string) => [...requestKeys.all, 'open', token, pass] as const,
  origin: (assetId: number) => [...requestKeys.all, 'origin', assetId] as const,
};
export type UploadRequestListQuery = NonNullable<RouteQuery<'uploadRequestList'>>;

/** The caller's requests (a manager's: their brands'), newest first, with what arrived. */
export function useUploadRequests(q: UploadRequestListQuery) {
  return useQuery({
    queryKey: requestKeys.list(q),
    queryFn: ({ signal }) => call(routes.uploadRequestList, { query: q, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUploadRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UploadRequestBody) => call(routes.uploadRequestCreate, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export function useCloseUploadRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.uploadRequestClose, { params: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/** The public page of a request: the brand and the request (or `locked` until the password is given). */
export function useOpenRequest(token: string, pass: string) {
  return useQuery({
    queryKey: requestKeys.open(token, pass),
    queryFn: ({ signal }) => call(routes.uploadRequestOpen, { params: { token }, query: pass ? { pass } : {}, signal }),
    retry: false,
  });
}

export function useUnlockRequest(token: string) {
  return useMutation({
    mutationFn: (password: string) => call(routes.uploadRequestUnlock, { params: { token }, body: { password } }),
  });
}

/** How an asset came in through a request, if it did (the asset page's details). */
export function useUploadOrigin(assetId: number) {
  return useQuery({
    queryKey: requestKeys.origin(assetId),
    queryFn: ({ signal }) => call(routes.assetUploadOrigin, { params: { id: assetId }, signal }),
    staleTime: 60_000,
  });
}

/** The pass of an unlocked request lasts for this browser session (tab), never longer. */
const passKey = (token: string) => `upload-request-pass:${token}`;
export const readRequestPass = (token: string) => {
  try {
    return sessionStorage.getItem(passKey(token)) ?? '';
  } catch {
    return '';
  }
};
export const saveRequestPass = (token: string, pass: string) => {
  try {
    sessionStorage.setItem(passKey(token), pass);
  } catch {
    // Private mode without storage: the pass lives in the page's state only.
  }
};
