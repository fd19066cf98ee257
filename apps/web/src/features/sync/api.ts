import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { RouteBody, SyncOutcome, SyncRun, SyncSource } from '@brandvault/contract';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { useCan } from '../../state/access';

export const syncKeys = {
  all: ['sync'] as const,
  roots: () => [...syncKeys.all, 'roots'] as const,
  lists: () => [...syncKeys.all, 'list'] as const,
  list: (q: SyncListQuery) => [...syncKeys.lists(), q] as const,
  source: (id: number) => [...syncKeys.all, 'source', id] as const,
  runs: (sourceId: number, page: number) => [...syncKeys.all, 'runs', sourceId, page] as const,
  run: (id: number) => [...syncKeys.all, 'run', id] as const,
  items: (runId: number, outcome: SyncOutcome | null, page: number) =>
    [...syncKeys.all, 'items', runId, outcome, page] as const,
};

export interface SyncListQuery {
  page: number;
  per_page?: number;
  brand_id?: number;
}

/** A run the server has not finished yet: its row shows progress and the list is asked again. */
export const isRunActive = (run: Pick<SyncRun, 'status'> | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** While a run is under way the list is asked again this often (others' runs have no job to follow). */
export const ACTIVE_POLL_MS = 3000;

const anyActive = (sources: SyncSource[] | undefined) => Boolean(sources?.some((s) => isRunActive(s.last_run)));

export function useSyncSources(query: SyncListQuery) {
  return useQuery({
    queryKey: syncKeys.list(query),
    queryFn: ({ signal }) => call(routes.syncSourceList, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (anyActive(q.state.data?.items) ? ACTIVE_POLL_MS : false),
  });
}

export function useSyncSource(id: number) {
  return useQuery({
    queryKey: syncKeys.source(id),
    queryFn: ({ signal }) => call(routes.syncSourceGet, { params: { id }, signal }),
    refetchInterval: (q) => (isRunActive(q.state.data?.source.last_run) ? ACTIVE_POLL_MS : false),
  });
}

/**
 * The directories a source may point under. Only those who may create sources may ask: a 403
 * means "no create button", not an error to show.
 */
export function useSyncRoots() {
  const can = useCan();
  const query = useQuery({
    queryKey: syncKeys.roots(),
    queryFn: ({ signal }) => call(routes.syncRoots, { signal }),
    enabled: can.permission('asset.manage'),
    staleTime: 5 * 60_000,
  });
  const refused = query.error instanceof ApiError && query.error.status === 403;
  return { ...query, mayCreate: query.isSuccess, refused };
}

export type SyncSourceBodyIn = RouteBody<'syncSourceCreate'>;

export function useSaveSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SyncSourceBodyIn }) =>
      id === null ? call(routes.syncSourceCreate, { body }) : call(routes.syncSourceUpdate, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: syncKeys.all }),
  });
}

export function useDeleteSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.syncSourceDelete, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: syncKeys.all }),
  });
}

export function useRunSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.syncSourceRun, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: syncKeys.all }),
  });
}

export const RUNS_PER_PAGE = 20;

export function useSyncRuns(sourceId: number, page: number, active: boolean) {
  return useQuery({
    queryKey: syncKeys.runs(sourceId, page),
    queryFn: ({ signal }) =>
      call(routes.syncSourceRuns, { params: { id: sourceId }, query: { page, per_page: RUNS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: active ? ACTIVE_POLL_MS : false,
  });
}

export function useSyncRun(id: number) {
  return useQuery({
    queryKey: syncKeys.run(id),
    queryFn: ({ signal }) => call(routes.syncRunGet, { params: { id }, signal }),
    refetchInterval: (q) => (isRunActive(q.state.data?.run) ? ACTIVE_POLL_MS : false),
  });
}

export const ITEMS_PER_PAGE = 100;

export function useSyncRunItems(runId: number, outcome: SyncOutcome | null, page: number) {
  return useQuery({
    queryKey: syncKeys.items(runId, outcome, page),
    queryFn: ({ signal }) =>
      call(routes.syncRunItems, {
        params: { id: runId },
        query: { page, per_page: ITEMS_PER_PAGE, ...(outcome ? { outcome } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
