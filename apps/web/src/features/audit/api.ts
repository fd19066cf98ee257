import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { RouteQuery } from '@brandvault/contract';
import { call } from '../../api/client';
import { notifyError } from '../../lib/notify';

export type AuditListQuery = NonNullable<RouteQuery<'auditAll'>>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (q: AuditListQuery) => [...auditKeys.all, 'list', q] as const,
};

export function useAuditEntries(query: AuditListQuery) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => call(routes.auditAll, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The audit chain's integrity check on the server (keyed links and outside checkpoints). */
export function useAuditVerify() {
  return useMutation({
    mutationFn: () => call(routes.auditVerify, {}),
    onError: (e: unknown) => notifyError(e),
  });
}
