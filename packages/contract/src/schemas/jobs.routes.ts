import { def } from '../routeDef.js';
import { Job, JobIdParams, JobList } from './jobs.js';

/** Jobs a user started and follows (zips, PDF sheets, templates, syncs): private to their owner. */
export const jobsRoutes = {
  jobsMine: def({
    method: 'GET',
    path: '/api/jobs/mine',
    access: 'user',
    summary: "The caller's running jobs and those finished in the last minutes",
    response: JobList,
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
