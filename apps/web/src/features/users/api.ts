import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authRoutes, brandsRoutes, usersRoutes } from '@brandvault/contract';
import type { AdminUser, Crop, RoleName, RouteBody, RouteQuery } from '@brandvault/contract';
import { call, callForm, toFormData } from '../../api/client';
import { useSession } from '../../state/session';
import { sessionKeys } from '../auth/api';

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
    queryFn: ({ signal }) => call(usersRoutes.usersAll, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => call(usersRoutes.userGet, { params: { id }, signal }),
  });
}

/** The roles and permissions the caller may hand out (the server's policy decides; the form offers them). */
export function useGrantable(enabled = true) {
  return useQuery({
    queryKey: [...userKeys.all, 'grantable'] as const,
    queryFn: ({ signal }) => call(usersRoutes.userGrantable, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'userCreate'>) => call(usersRoutes.userCreate, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** After a change to a user: the users screens refresh, and so does the session when it is the caller's own. */
export function useAfterUserChange() {
  const qc = useQueryClient();
  return async (userId: number) => {
    await qc.invalidateQueries({ queryKey: userKeys.all });
    if (useSession.getState().sessionUser?.id !== userId) return;
    const me = await call(authRoutes.me);
    useSession.getState().setMe(me);
    qc.setQueryData(sessionKeys.me(), me);
  };
}

export function useEditUser() {
  const after = useAfterUserChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RouteBody<'userEdit'> }) =>
      call(usersRoutes.userEdit, { params: { id }, body }),
    onSuccess: (_answer, { id }) => after(id),
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
    queryFn: ({ signal }) => call(brandsRoutes.brandList, { signal }),
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
      call(usersRoutes.userApprove, { params: { id }, body: { roles, brands } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUnlockUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(usersRoutes.userUnlock, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useChangeUserStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: AdminUser['status'] }) =>
      call(usersRoutes.userStatusChange, { params: { id }, body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Sends the chosen file; the answer names the upload that `useSetPhoto` then sets. */
export function useUploadPhoto() {
  return useMutation({
    mutationFn: ({ userId, file }: { userId: number; file: File }) =>
      callForm(usersRoutes.userPhotoUpload, { params: { id: userId }, form: toFormData({ photo: file }) }),
  });
}

export function useSetPhoto() {
  const after = useAfterUserChange();
  return useMutation({
    mutationFn: ({ userId, photoId, crop }: { userId: number; photoId: number; crop?: Crop }) =>
      call(usersRoutes.userPhotoUpdate, { params: { id: userId, photoId }, body: { crop } }),
    onSuccess: (_answer, { userId }) => after(userId),
  });
}

export function useRemovePhoto() {
  const after = useAfterUserChange();
  return useMutation({
    mutationFn: (userId: number) => call(usersRoutes.userPhotoRemove, { params: { id: userId } }),
    onSuccess: (_answer, userId) => after(userId),
  });
}

export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'userInvite'>) => call(usersRoutes.userInvite, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
