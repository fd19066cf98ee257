import { z } from 'zod';
import { Timestamp } from './common.js';

/**
 * A job id, as a number or the canonical digits of a path. Job ids grow faster than other ids (a
 * queue churns), so they go past 32 bits; they stay below 2^53.
 */
const JobIdNumber = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const JobId = z.union([
  JobIdNumber,
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number)
    .pipe(JobIdNumber),
]);
export const JobIdParams = z.object({ id: JobId });

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);

/**
 * A job its owner follows: `progress` once the job has reported some (`done` of `of` units),
 * `result` what a done job produced (e.g. `{ key }` of a file to download), `error` a short text
 * when it failed.
 */
export const Job = z.object({
  id: z.number().int(),
  name: z.string(),
  status: JobStatus,
  progress: z.object({ done: z.number().int(), of: z.number().int() }).nullable(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
});
export type Job = z.infer<typeof Job>;
export type JobStatus = z.infer<typeof JobStatus>;

/** The caller's queued and running jobs and those finished in the last minutes, newest first. */
export const JobList = z.object({ items: z.array(Job) });

/** How long a finished job stays in "mine". */
export const JOBS_RECENT_MINUTES = 10;
/** At most this many jobs in "mine". */
export const JOBS_MINE_MAX = 20;

/**
 * The job queue at a glance (administrators, the dashboard): how many jobs wait, run, and failed
 * over the last day, per job name. Counts only: a job's payload and result stay its owner's.
 */
export const JobsQueue = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  failed_day: z.number().int(),
  by_name: z.array(
    z.object({
      name: z.string(),
      queued: z.number().int(),
      running: z.number().int(),
      failed_day: z.number().int(),
    }),
  ),
});
export type JobsQueue = z.infer<typeof JobsQueue>;
