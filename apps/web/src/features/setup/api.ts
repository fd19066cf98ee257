import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setupPaths } from '@brandvault/contract';
import type { RouteBody, SetupState } from '@brandvault/contract';
import { call } from '../../api/client';

export const setupKeys = {
  state: ['setup', 'state'] as const,
  /** The public answer `useOrgInfo` keeps. */
  org: ['setup', 'organisation'] as const,
};

/** Once seen done, this tab stops asking: a setup done stays done. */
let knownDone = false;
export const setupKnownDone = () => knownDone;
export const forgetSetupDone = () => {
  knownDone = false;
};

const remember = (state: SetupState) => {
  if (state.done) knownDone = true;
  return state;
};

/** The setup state, for the routes' loaders (outside React); a done one is remembered. */
export const fetchSetupState = () => call(setupPaths.setupState).then(remember);

/** The organisation's name for the sign-in page (public; null until an administrator names it). */
export function useOrgInfo() {
  return useQuery({
    queryKey: setupKeys.org,
    queryFn: ({ signal }) => call(setupPaths.orgInfo, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useSetupState() {
  return useQuery({ queryKey: setupKeys.state, queryFn: ({ signal }) => call(setupPaths.setupState, { signal }) });
}

export function useSetOrgName() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'setupOrgName'>) => call(setupPaths.setupOrgName, { body }),
    onSuccess: (state) => {
      qc.setQueryData(setupKeys.state, state);
      void qc.invalidateQueries({ queryKey: setupKeys.org });
    },
  });
}

export function useFinishSetup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (outcome: RouteBody<'setupFinish'>['outcome']) => call(setupPaths.setupFinish, { body: { outcome } }),
    onSuccess: (state) => qc.setQueryData(setupKeys.state, remember(state)),
  });
}
