import type { Generated } from 'kysely';

// The job queue and its recurring jobs.

/** The job queue (jobs/). `payload` is JSON text; `dedupe_key` is unique when not null. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** The user who follows the job (GET /api/jobs/:id); null for system work. */
  owner_id: number | null;
  /** Reported by the handler (`ctx.progress(done, of)`); null until it reports. */
  progress_done: number | null;
  progress_of: number | null;
  /** JSON text of what the job produced (a blob key), when done. */
  result: string | null;
}

/** Recurring jobs that are rows (one per NAS source): the worker enqueues `name` when due. */
export interface JobSchedulesTable {
  id: Generated<number>;
  key: string;
  name: string;
  payload: string;
  every_seconds: number;
  next_run_at: string;
  enabled: number;
  last_job_id: number | null;
  created_at: string;
  updated_at: string;
}
