import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PER_PAGE, routes } from '@brandvault/contract';
import type { CommentAddBody } from '@brandvault/contract';
import { call } from '../../api/client';

/** Comment toasts last as long as the asset operations' (spec durations). */
export const COMMENT_TOAST = 'assets' as const;

/** Keys: one asset's comment queries sit under `['comments', id]`, so one invalidation refreshes them. */
export const commentKeys = {
  asset: (assetId: number) => ['comments', assetId] as const,
  list: (assetId: number) => [...commentKeys.asset(assetId), 'list'] as const,
  mentionable: (assetId: number, q: string) => [...commentKeys.asset(assetId), 'mentionable', q] as const,
};

/** An asset's threads, oldest first, each with its replies (one page of up to 200 threads). */
export function useComments(assetId: number, enabled = true) {
  return useQuery({
    queryKey: commentKeys.list(assetId),
    queryFn: ({ signal }) =>
      call(routes.commentList, { params: { id: assetId }, query: { per_page: MAX_PER_PAGE }, signal }),
    enabled: enabled && assetId > 0,
    staleTime: 15_000,
  });
}

/** People who can see the asset and so may be mentioned or notified, by name or address. */
export function useMentionable(assetId: number, q: string, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.mentionable(assetId, q),
    queryFn: ({ signal }) =>
      call(routes.commentMentionable, { params: { id: assetId }, query: q ? { q } : {}, signal }),
    enabled: enabled && assetId > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

function useRefresh(assetId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: commentKeys.list(assetId) });
}

export function useAddComment(assetId: number) {
  const refresh = useRefresh(assetId);
  return useMutation({
    mutationFn: (body: CommentAddBody) => call(routes.commentAdd, { params: { id: assetId }, body }),
    onSuccess: refresh,
  });
}

export function useEditComment(assetId: number) {
  const refresh = useRefresh(assetId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      call(routes.commentEdit, { params: { id: assetId, comment: id }, body: { body } }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(assetId: number) {
  const refresh = useRefresh(assetId);
  return useMutation({
    mutationFn: (id: number) => call(routes.commentDelete, { params: { id: assetId, comment: id } }),
    onSuccess: refresh,
  });
}

/** Resolves a thread, or reopens it. */
export function useResolveComment(assetId: number) {
  const refresh = useRefresh(assetId);
  return useMutation({
    mutationFn: ({ id, resolved }: { id: number; resolved: boolean }) =>
      call(resolved ? routes.commentResolve : routes.commentReopen, { params: { id: assetId, comment: id } }),
    onSuccess: refresh,
  });
}
