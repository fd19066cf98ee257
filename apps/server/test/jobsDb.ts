import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../src/db/index.js';
import type { Db, DbHandle } from '../src/db/index.js';
import { dialect } from './dialect.js';
import { templateCopy } from './templateCopy.js';
import type { BullmqOptions } from '../src/jobs/redis/source.js';
import type { JobLog } from '../src/jobs/types.js';
import { Worker } from '../src/jobs/worker.js';
import type { WorkerOptions } from '../src/jobs/worker.js';

/** The queue driver the job tests run on: TEST_QUEUE=redis runs them on BullMQ at TEST_REDIS_URL. */
export const testQueue: 'db' | 'redis' = process.env.TEST_QUEUE === 'redis' ? 'redis' : 'db';
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * For the queue's tests only: a migrated database without the app (no seed, no HTTP), a copy of
 * the run's template (an SQLite file, or a PostgreSQL database of its own when TEST_DB=postgres),
 * plus extra connections to the same database to play other worker processes.
 */
export async function openTestDb() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bv-jobs-'));
  const database = await templateCopy(dialect, dataDir);
  // BullMQ is loaded only by the runs that use it (TEST_QUEUE=redis).
  const redis = testQueue === 'redis' ? await import('../src/jobs/redis/source.js') : null;
  const handles: DbHandle[] = [];
  const connect = () => {
    const h = openDb({ databaseUrl: database.databaseUrl, dataDir });
    handles.push(h);
    return h;
  };
  const main = connect();
  // Keys of this file's queues only, so parallel files and other runs on the same Redis never meet.
  const redisPrefix = `bvtest-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const workers: Worker[] = [];
  const redisOptions = (more: Partial<BullmqOptions> = {}): BullmqOptions => ({
    url: testRedisUrl,
    prefix: redisPrefix,
    dispatchEveryMs: 20,
    ...more,
  });
  return {
    ...main,
    /** Another connection (pool) to the same database, as a second process would have. */
    connect,
    redisPrefix,
    /** BullMQ options of this file's queues (TEST_QUEUE=redis). */
    redisOptions,
    /**
     * A worker on this database (or `db`, another connection) and the driver under test; stopped
     * by close().
     */
    worker(opts: Omit<WorkerOptions, 'db' | 'dialect'> & { db?: Db; bullmq?: Partial<BullmqOptions> }): Worker {
      const { bullmq, ...rest } = opts;
      const source = redis ? redis.bullmqSource(redisOptions(bullmq)) : undefined;
      const w = new Worker({ db: main.db, dialect: main.dialect, source, ...rest });
      workers.push(w);
      return w;
    },
    async close() {
      await Promise.allSettled(workers.map((w) => w.stop()));
      if (testQueue === 'redis') await deleteKeys(testRedisUrl, redisPrefix);
      for (const h of handles) await h.close();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
export type TestDb = Awaited<ReturnType<typeof openTestDb>>;

/** Removes every key under `prefix` (the queues of one test file). */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }))
      if ((keys as string[]).length) await redis.del(...(keys as string[]));
  } finally {
    redis.disconnect();
  }
}

/** Keeps log lines for assertions instead of printing them. */
export function memoryLog() {
  const lines: { level: string; msg: string | undefined; obj: object }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, msg, obj });
  const log: JobLog = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}
