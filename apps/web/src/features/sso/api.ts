import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { brandsRoutes, ssoRoutes } from '@brandvault/contract';
import type { RouteBody } from '@brandvault/contract';
import { call } from '../../api/client';
import { publicProvidersKey } from './signInApi';

const keys = {
  public: publicProvidersKey,
  providers: ['sso', 'providers'] as const,
  roles: ['sso', 'roles'] as const,
};

export const completeSignIn = (code: string) => call(ssoRoutes.ssoComplete, { body: { code } });
export const linkInfo = (code: string) => call(ssoRoutes.ssoLinkInfo, { body: { code } });
export const linkConfirm = (code: string) => call(ssoRoutes.ssoLinkConfirm, { body: { code } });

export function useLinkInfo(code: string) {
  return useQuery({
    queryKey: ['sso', 'link', code],
    queryFn: () => linkInfo(code),
    enabled: code !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useLinkPassword() {
  return useMutation({ mutationFn: (body: RouteBody<'ssoLinkPassword'>) => call(ssoRoutes.ssoLinkPassword, { body }) });
}

export function useLinkMail() {
  return useMutation({ mutationFn: (code: string) => call(ssoRoutes.ssoLinkMail, { body: { code } }) });
}

export function useProviders() {
  return useQuery({ queryKey: keys.providers, queryFn: ({ signal }) => call(ssoRoutes.ssoAdminList, { signal }) });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: keys.providers }), qc.invalidateQueries({ queryKey: keys.public })]);
}

export function useCreateProvider() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (body: RouteBody<'ssoAdminCreate'>) => call(ssoRoutes.ssoAdminCreate, { body }),
    onSuccess: done,
  });
}

export function useUpdateProvider() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RouteBody<'ssoAdminUpdate'> }) =>
      call(ssoRoutes.ssoAdminUpdate, { params: { id }, body }),
    onSuccess: done,
  });
}

export function useDeleteProvider() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(ssoRoutes.ssoAdminDelete, { params: { id } }),
    onSuccess: done,
  });
}

export function useTestProvider() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(ssoRoutes.ssoAdminTest, { params: { id } }),
    onSuccess: done,
  });
}

/** The brands a claim rule may give (an administrator's list is every brand). */
export function useBrandChoices() {
  return useQuery({ queryKey: ['sso', 'brands'], queryFn: ({ signal }) => call(brandsRoutes.brandList, { signal }) });
}

export function useSsoRoles(enabled: boolean) {
  return useQuery({ queryKey: keys.roles, queryFn: ({ signal }) => call(ssoRoutes.ssoRoles, { signal }), enabled });
}

export function useSetSsoOnly() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sso_only }: { id: number; sso_only: boolean }) =>
      call(ssoRoutes.ssoRoleUpdate, { params: { id }, body: { sso_only } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.roles }),
  });
}
