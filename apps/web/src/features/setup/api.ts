import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { RouteBody } from '@brandvault/contract';
import { call } from '../../api/client';
import { userKeys } from '../users/api';
import { remember } from './loaders';

export const setupKeys = {
  state: ['setup', 'state'] as const,
  /** The public answer `useOrgInfo` keeps (orgInfo.ts). */
  org: ['setup', 'organisation'] as const,
};

export function useSetupState() {
  return useQuery({ queryKey: setupKeys.state, queryFn: ({ signal }) => call(routes.setupState, { signal }) });
}

export function useSetOrgName() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'setupOrgName'>) => call(routes.setupOrgName, { body }),
    onSuccess: (state) => {
      qc.setQueryData(setupKeys.state, state);
      void qc.invalidateQueries({ queryKey: setupKeys.org });
    },
  });
}

export function useFinishSetup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (outcome: RouteBody<'setupFinish'>['outcome']) => call(routes.setupFinish, { body: { outcome } }),
    onSuccess: (state) => qc.setQueryData(setupKeys.state, remember(state)),
  });
}

export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'userInvite'>) => call(routes.userInvite, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
