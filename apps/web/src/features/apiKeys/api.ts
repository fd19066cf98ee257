import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { ApiKey, ApiKeyBody, RouteQuery } from '@brandvault/contract';
import { call } from '../../api/client';

/** Every API key query sits under `apiKeys`, so one invalidation refreshes own and admin lists. */
export const apiKeyKeys = {
  all: ['apiKeys'] as const,
  own: () => [...apiKeyKeys.all, 'own'] as const,
  admin: (q: ApiKeyAdminQuery) => [...apiKeyKeys.all, 'admin', q] as const,
};
export type ApiKeyAdminQuery = NonNullable<RouteQuery<'apiKeyAdminList'>>;

/** The caller's keys as one page (a person has few), the shape the admin table reads. */
export function useOwnApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.own(),
    queryFn: ({ signal }) => call(routes.apiKeyList, { signal }),
    select: (r): { items: ApiKey[]; total: number; page: number; per_page: number } => ({
      items: r.items,
      total: r.items.length,
      page: 1,
      per_page: Math.max(1, r.items.length),
    }),
  });
}

export function useAdminApiKeys(q: ApiKeyAdminQuery) {
  return useQuery({
    queryKey: apiKeyKeys.admin(q),
    queryFn: ({ signal }) => call(routes.apiKeyAdminList, { query: q, signal }),
    placeholderData: keepPreviousData,
  });
}

function useKeyMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export const useCreateApiKey = () => useKeyMutation((body: ApiKeyBody) => call(routes.apiKeyCreate, { body }));
export const useRevokeApiKey = () => useKeyMutation((id: number) => call(routes.apiKeyRevoke, { params: { id } }));
export const useRotateApiKey = () => useKeyMutation((id: number) => call(routes.apiKeyRotate, { params: { id } }));
export const useAdminRevokeApiKey = () =>
  useKeyMutation((id: number) => call(routes.apiKeyAdminRevoke, { params: { id } }));
