import { runSyncJob } from '../../modules/sync/sync.run.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * A NAS sync run (modules/sync): `runId` when a person or the watcher asked for it; without it
 * (a source's schedule, `job_schedules` key `nas.sync:<id>`) the job makes the run itself.
 */
export const syncRun = defineHandler({
  schema: jobSchemas['sync.run'],
  timeoutMs: 6 * 60 * 60_000,
  run: (p, ctx) => runSyncJob(ctx, p),
});
