import type { Db, Dialect } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { RedisQueueOptions } from './queues.js';
import type { JobLog } from '../types.js';

/**
 * For a process that enqueues but runs no worker (a server with JOBS_IN_SERVER=false, or all
 * but the first of its cluster) when jobs run on BullMQ: sends what its commits enqueued at once
 * (`nudge`), instead of waiting for a worker process's next look at the outbox.
 */
export async function startDispatcher(opts: {
  db: Db;
  dialect: Dialect;
  log: JobLog;
  clock?: Clock;
  redis: RedisQueueOptions;
}) {
  const [{ Dispatcher }, { RedisQueues }] = await Promise.all([import('./dispatcher.js'), import('./queues.js')]);
  const queues = new RedisQueues(opts.redis, opts.log);
  const dispatcher = new Dispatcher({ ...opts, queues });
  dispatcher.start();
  return {
    nudge: () => dispatcher.nudge(),
    async stop() {
      await dispatcher.stop();
      await queues.close();
    },
  };
}
