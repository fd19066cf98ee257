import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { PermissionName } from '@brandvault/contract';
import { call } from '../../api/client';

const key = ['roles'] as const;

export function useRoles() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => call(routes.rolesAll, { signal }) });
}

/** Every change refreshes the list and the caller's own session (their role may be the one changed). */
function useRoleMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries(),
  });
}

export const useCreateRole = () =>
  useRoleMutation((v: { name: string; permissions: PermissionName[] }) => call(routes.roleCreate, { body: v }));
export const useUpdateRole = () =>
  useRoleMutation((v: { id: number; name?: string; permissions?: PermissionName[] }) =>
    call(routes.roleUpdate, { params: { id: v.id }, body: { name: v.name, permissions: v.permissions } }),
  );
export const useDeleteRole = () => useRoleMutation((id: number) => call(routes.roleDelete, { params: { id } }));
export { key as rolesKey };
