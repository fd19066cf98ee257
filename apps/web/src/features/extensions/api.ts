import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { RouteBody, RouteQuery, Status } from '@brandvault/contract';
import { call } from '../../api/client';

export type ExtensionListQuery = RouteQuery<'extensionAll'>;
const keys = { all: ['extensions'] as const, allowed: ['extensions', 'allowed'] as const };

export function useExtensions(query: ExtensionListQuery) {
  return useQuery({
    queryKey: [...keys.all, query],
    queryFn: ({ signal }) => call(routes.extensionAll, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateExtension() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'extensionCreate'>) => call(routes.extensionCreate, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useExtensionStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Status }) =>
      call(routes.extensionStatus, { params: { id }, body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The active file types anyone signed in may upload (the upload dialog names them). */
export function useAllowedExtensions() {
  return useQuery({
    queryKey: keys.allowed,
    queryFn: ({ signal }) => call(routes.extensionAllowed, { signal }),
    staleTime: 5 * 60_000,
  });
}
