import { useQuery } from '@tanstack/react-query';
import { ssoPaths } from '@brandvault/contract';
import { call } from '../../api/client';

/** The sign-in page's part of single sign-on, apart from the administrators' (api.ts): no schemas. */
export const publicProvidersKey = ['sso', 'public'] as const;

/** The sign-in page's buttons: enabled providers, id and label. */
export function usePublicProviders() {
  return useQuery({
    queryKey: publicProvidersKey,
    queryFn: ({ signal }) => call(ssoPaths.ssoProviders, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The server address that starts signing in with a provider (a full-page navigation). */
export const startUrl = (id: number, next: string | null) =>
  `/api/sso/providers/${id}/start${next ? `?next=${encodeURIComponent(next)}` : ''}`;
