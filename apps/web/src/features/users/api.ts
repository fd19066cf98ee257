import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { AdminUser, RoleName, RouteQuery } from '@brandvault/contract';
import { call } from '../../api/client';

export type UserListQuery = NonNullable<RouteQuery<'usersAll'>>;

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (q: UserListQuery) => [...userKeys.lists(), q] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

/** `enabled: false` for callers that may lack user.view (the list would only answer 403). */
export function useUsers(query: UserListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => call(routes.usersAll, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** A registration waiting for an administrator: inactive and never approved. */
export function isPending(user: AdminUser) {
  return user.status === 'INACTIVE' && user.approved_at === null;
}

/** The brands the caller belongs to: the ones they may assign (an administrator gets every brand). */
export function useMyBrands(enabled: boolean) {
  return useQuery({
    queryKey: ['brands', 'mine'],
    queryFn: ({ signal }) => call(routes.brandList, { signal }),
    enabled,
  });
}

export interface Approval {
  id: number;
  roles: RoleName[];
  brands: number[];
}

export function useApproveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles, brands }: Approval) =>
      call(routes.userApprove, { params: { id }, body: { roles, brands } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUnlockUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.userUnlock, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useChangeUserStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: AdminUser['status'] }) =>
      call(routes.userStatusChange, { params: { id }, body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
