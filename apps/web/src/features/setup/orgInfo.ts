import { useQuery } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import { call } from '../../api/client';

/** The organisation's name for the sign-in page (public; null until an administrator names it). */
export function useOrgInfo() {
  return useQuery({
    queryKey: ['setup', 'organisation'] as const,
    queryFn: ({ signal }) => call(routes.orgInfo, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
