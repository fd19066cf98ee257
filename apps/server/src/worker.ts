import { loadConfig } from './config/config.js';
import { openDb } from './db/index.js';
import { migrate } from './db/migrate.js';
import { withStartupLock } from './db/startupLock.js';
import { consoleLog } from './jobs/log.js';
import { startWorker } from './worker/start.js';
import { jobUnits } from './jobUnits.js';
import { mailerFromConfig } from './mail/mailer.js';
import { createBlobStore } from './storage/index.js';
import { systemClock } from './lib/clock.js';
import { startSyncWatcher } from './modules/sync/sync.watch.js';
import { unsupportedNodeWarning } from './runtime.js';
import { releaseModels } from './analysis/thread.js';

// `npm run worker`: runs jobs without serving HTTP, beside (or instead of) the server's own worker.
const config = loadConfig();
const log = consoleLog(config.logLevel, { name: 'worker' });
const runtimeWarning = unsupportedNodeWarning();
if (runtimeWarning) log.warn({}, runtimeWarning);
const handle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await withStartupLock(handle, config.dataDir, () => migrate(handle.db, handle.dialect));
const storage = await createBlobStore(config.storage);
const units = jobUnits({
  clock: systemClock,
  appKey: config.appKey,
  webhooks: config.webhooks,
  analysis: config.analysis,
});
const worker = await startWorker({
  db: handle.db,
  dialect: handle.dialect,
  log,
  storage,
  dataDir: config.dataDir,
  concurrency: config.jobsConcurrency,
  leaseMs: config.jobLeaseMs,
  mailer: mailerFromConfig(config),
  appUrl: config.appUrl,
  mailWindowMs: config.notificationMailWindowMs,
  appKey: config.appKey,
  auditCheckpoints: config.auditCheckpoints,
  sync: config.sync,
  redis: config.redis,
  units,
});

// NAS sync: this worker also watches the local sources (a hint; the scheduled scan stays the truth).
const watched = units(handle.db, () => worker.wake());
const watcher =
  config.sync.watch && config.sync.roots.length
    ? await startSyncWatcher({
        repos: watched.repos,
        tx: watched.tx,
        clock: systemClock,
        log,
        settings: config.sync,
        onRun: () => worker.wake(),
      }).catch((err: unknown) => {
        log.warn({ err }, 'sync: the watcher did not start; schedules still run');
        return null;
      })
    : null;

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal means "now": running jobs are re-run elsewhere when their lease expires.
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal, running: worker.running }, 'stopping: waiting for running jobs');
    Promise.resolve(watcher?.stop())
      .then(() => worker.stop())
      // A model run still going (a timed-out one finishing) ends before the process exits.
      .then(() => releaseModels())
      .then(() => storage.close())
      .then(() => handle.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'worker did not stop cleanly');
          process.exit(1);
        },
      );
  });
}
