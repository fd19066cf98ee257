import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { Job } from '@brandvault/contract';
import { call } from '../../api/client';
import { useSession } from '../../state/session';

export const jobKeys = {
  all: ['jobs'] as const,
  mine: () => [...jobKeys.all, 'mine'] as const,
  detail: (id: number) => [...jobKeys.all, 'detail', id] as const,
};

/** Still to finish: the server may yet report progress, a result or an error. */
export const isActive = (job: Pick<Job, 'status'>) => job.status === 'queued' || job.status === 'running';

/** How often a job is asked about while it runs. */
export const JOB_POLL_MS = 1000;
/** The shell's list: while something runs, and otherwise (to notice jobs from another tab). */
export const MINE_ACTIVE_POLL_MS = 2000;
export const MINE_IDLE_POLL_MS = 60_000;

/**
 * One job, followed until it ends: polled every `intervalMs` while queued or running, then no
 * more. A 404 (not the caller's, or gone) is an error and stops the polling too. When it ends,
 * the shell's list is refreshed at once.
 */
export function useJob(id: number | null | undefined, opts: { intervalMs?: number } = {}) {
  const qc = useQueryClient();
  const intervalMs = opts.intervalMs ?? JOB_POLL_MS;
  const query = useQuery({
    queryKey: jobKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(routes.jobGet, { params: { id: id! }, signal }),
    enabled: id !== null && id !== undefined,
    staleTime: 0,
    refetchInterval: (q) => {
      const job = q.state.data;
      if (q.state.status === 'error' || (job && !isActive(job))) return false;
      return intervalMs;
    },
  });
  const ended = query.data ? !isActive(query.data) : false;
  useEffect(() => {
    if (ended) void qc.invalidateQueries({ queryKey: jobKeys.mine() });
  }, [ended, qc]);
  return query;
}

/**
 * The caller's queued and running jobs and those finished in the last minutes (the shell's
 * indicator). Lives in the query cache, so it survives navigation.
 */
export function useMyJobs() {
  const loggedIn = useSession((s) => s.isLoggedIn);
  return useQuery({
    queryKey: jobKeys.mine(),
    queryFn: ({ signal }) => call(routes.jobsMine, { signal }),
    enabled: loggedIn,
    staleTime: 0,
    refetchInterval: (q) => (jobsOf(q.state.data).some(isActive) ? MINE_ACTIVE_POLL_MS : MINE_IDLE_POLL_MS),
  });
}

/** The items of an answer of /api/jobs/mine, whatever came back. */
export const jobsOf = (data: { items?: unknown } | undefined): Job[] =>
  Array.isArray(data?.items) ? (data.items as Job[]) : [];

/**
 * For a feature that has just started a job (a zip, a PDF sheet): the shell's indicator shows it
 * at once instead of at its next poll.
 */
export function useJobStarted() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: jobKeys.mine() });
}
