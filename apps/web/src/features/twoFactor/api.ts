import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { twoFactorRoutes } from '@brandvault/contract';
import type { RouteBody } from '@brandvault/contract';
import { call } from '../../api/client';

/** Query keys of two-factor sign-in: one's own state, a user's (admins), the roles that require it. */
export const twoFactorKeys = {
  all: ['twoFactor'] as const,
  mine: () => [...twoFactorKeys.all, 'mine'] as const,
  user: (id: number) => [...twoFactorKeys.all, 'user', id] as const,
  roles: () => [...twoFactorKeys.all, 'roles'] as const,
};

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKeys.mine(),
    queryFn: ({ signal }) => call(twoFactorRoutes.twoFactorStatus, { signal }),
  });
}

/** A change to one's own two-factor refreshes its state. */
function useMine<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: twoFactorKeys.mine() }) });
}

export const useStartTwoFactor = () => useMine(() => call(twoFactorRoutes.twoFactorSetup));
export const useConfirmTwoFactor = () =>
  useMine((body: RouteBody<'twoFactorConfirm'>) => call(twoFactorRoutes.twoFactorConfirm, { body }));
export const useDisableTwoFactor = () =>
  useMine((body: RouteBody<'twoFactorDisable'>) => call(twoFactorRoutes.twoFactorDisable, { body }));
export const useRenewRecoveryCodes = () =>
  useMine((body: RouteBody<'twoFactorRecoveryCodes'>) => call(twoFactorRoutes.twoFactorRecoveryCodes, { body }));

/** The sign-in steps after the password (no session yet: the challenge is the proof). */
export const useLoginCode = () =>
  useMutation({ mutationFn: (body: RouteBody<'loginTwoFactor'>) => call(twoFactorRoutes.loginTwoFactor, { body }) });
export const useLoginSetup = () =>
  useMutation({
    mutationFn: (challenge: string) => call(twoFactorRoutes.loginTwoFactorSetup, { body: { challenge } }),
  });
export const useLoginEnable = () =>
  useMutation({
    mutationFn: (body: RouteBody<'loginTwoFactorEnable'>) => call(twoFactorRoutes.loginTwoFactorEnable, { body }),
  });

export function useUserTwoFactor(id: number) {
  return useQuery({
    queryKey: twoFactorKeys.user(id),
    queryFn: ({ signal }) => call(twoFactorRoutes.userTwoFactor, { params: { id }, signal }),
  });
}
export function useResetUserTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(twoFactorRoutes.userTwoFactorReset, { params: { id } }),
    onSettled: (_a, _e, id) => qc.invalidateQueries({ queryKey: twoFactorKeys.user(id) }),
  });
}

export function useRolesTwoFactor(enabled = true) {
  return useQuery({
    queryKey: twoFactorKeys.roles(),
    queryFn: ({ signal }) => call(twoFactorRoutes.rolesTwoFactor, { signal }),
    enabled,
  });
}
export function useSetRoleTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; required: boolean }) =>
      call(twoFactorRoutes.roleTwoFactor, { params: { id: v.id }, body: { required: v.required } }),
    onSettled: () => qc.invalidateQueries({ queryKey: twoFactorKeys.roles() }),
  });
}
