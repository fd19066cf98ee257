import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountPaths, authPaths } from '@brandvault/contract';
import type { RouteBody } from '@brandvault/contract';
import { call } from '../../api/client';
import { useSession } from '../../state/session';

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/** Start-up refresh (spec §3): a saved token gets the current user and permissions; a 401 resets. */
export function useMeRefresh() {
  const token = useSession((s) => s.token);
  const setMe = useSession((s) => s.setMe);
  const query = useQuery({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => call(authPaths.me, { signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.data && useSession.getState().isLoggedIn) setMe(query.data);
  }, [query.data, setMe]);
  return query;
}

export function useLogin() {
  return useMutation({ mutationFn: (body: RouteBody<'login'>) => call(authPaths.login, { body }) });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RouteBody<'register'>) => call(accountPaths.register, { body }) });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: RouteBody<'forgotPassword'>) => call(accountPaths.forgotPassword, { body }),
  });
}

/** Whether the reset link still works; the page shows its form only when it does. */
export function useResetLinkCheck(token: string, email: string) {
  return useQuery({
    queryKey: ['auth', 'reset-check', token, email],
    queryFn: () => call(accountPaths.resetPasswordCheck, { body: { token, email } }),
    enabled: token !== '' && email !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: RouteBody<'resetPassword'>) => call(accountPaths.resetPassword, { body }) });
}

export function useVerifyEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'verifyEmail'>) => call(accountPaths.verifyEmail, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (body: RouteBody<'resendVerification'>) => call(accountPaths.resendVerification, { body }),
  });
}

export function useLogoutCall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(authPaths.logout),
    onSettled: () => qc.clear(),
  });
}
