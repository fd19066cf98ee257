import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { RouteBody, RouteQuery } from '@brandvault/contract';
import { call } from '../../api/client';

export type ShareLinkListQuery = NonNullable<RouteQuery<'shareLinkAll'>>;
export type ShareLinkUpdate = RouteBody<'shareLinkUpdate'>;

export const shareLinkKeys = {
  all: ['shareLinks'] as const,
  lists: () => [...shareLinkKeys.all, 'list'] as const,
  list: (q: ShareLinkListQuery) => [...shareLinkKeys.lists(), q] as const,
};

export function useShareLinks(query: ShareLinkListQuery) {
  return useQuery({
    queryKey: shareLinkKeys.list(query),
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
    onSuccess: () => qc.invalidateQueries({ queryKey: shareLinkKeys.all }),
  });
}
