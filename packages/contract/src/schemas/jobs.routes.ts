import { def } from '../core/routeDef.js';
import { Job, JobIdParams, JobList, JobsQueue } from './jobs.js';

/** Jobs a user started and follows (zips, PDF sheets, templates, syncs): private to their owner. */
export const jobsRoutes = {
  jobsMine: def({
    method: 'GET',
    path: '/api/jobs/mine',
    access: 'user',
    summary: "The caller's running jobs and those finished in the last minutes",
    response: JobList,
  }),
  jobsQueue: def({
    method: 'GET',
    path: '/api/jobs/queue',
    access: { role: 'admin' },
    summary: 'How many jobs wait, run and failed over the last day, per job name (no payloads)',
    response: JobsQueue,
  }),
  jobGet: def({
    method: 'GET',
    path: '/api/jobs/:id',
    access: 'user',
    summary: "One of the caller's jobs: status, progress, result or error (another user's: 404)",
    params: JobIdParams,
    response: Job,
  }),
} as const;
