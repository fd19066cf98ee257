import { SYNC_RUN_TRIGGERS } from '@brandvault/contract';
import { z } from 'zod';
import { runSyncJob } from '../../modules/sync/sync.run.js';
import { defineHandler } from '../types.js';

/**
 * A NAS sync run (modules/sync): `runId` when a person or the watcher asked for it; without it
 * (a source's schedule, `job_schedules` key `nas.sync:<id>`) the job makes the run itself.
 */
export const syncRun = defineHandler({
  schema: z.object({
    sourceId: z.number().int().positive(),
    runId: z.number().int().positive().optional(),
    trigger: z.enum(SYNC_RUN_TRIGGERS).default('schedule'),
  }),
  timeoutMs: 6 * 60 * 60_000,
  run: (p, ctx) => runSyncJob(ctx, p),
});
