import cluster from 'node:cluster';
import { loadConfig } from './config/config.js';
import { buildApp } from './app.js';
import { runPrimary, workerIndex } from './cluster.js';
import { serveClusterMetrics } from './lib/clusterMetrics.js';
import { warnAboutMissingTools } from './media/index.js';
import { sweepStaleUploadsAtStart } from './modules/uploads/staleUploads.js';
import { unsupportedNodeWarning } from './runtime.js';

const config = loadConfig();

// Once per server (the primary), not once per process of a cluster.
const runtimeWarning = cluster.isPrimary && unsupportedNodeWarning();
if (runtimeWarning) console.warn(runtimeWarning);

// Before any process takes uploads: temp files of uploads that can no longer finish.
if (cluster.isPrimary) {
  const swept = await sweepStaleUploadsAtStart(config);
  if ((swept.temps || swept.tus) && ['info', 'debug', 'trace'].includes(config.logLevel))
    console.log(`Removed stale uploads: ${swept.temps} staged files, ${swept.tus} resumable uploads`);
}

if (cluster.isPrimary && config.webConcurrency > 1) {
  serveClusterMetrics();
  await runPrimary(config.webConcurrency, (msg) => console.error(msg));
  console.log(`Brandvault is ready on ${config.appUrl} (${config.webConcurrency} server processes)`);
} else {
  const first = workerIndex() === 0;
  // Only the first process works the job queue (JOBS_IN_SERVER), so a cluster does not multiply
  // the thumbnail work that competes with requests for the same cores.
  const built = await buildApp(config, { worker: first });
  await built.app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) built.app.log.info(`Brandvault is ready on ${config.appUrl}`);
  // One warning at start when ffmpeg is missing: videos keep their icon (HEIC and PDF have built-in stand-ins).
  if (first) void warnAboutMissingTools(built.app.log);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      built.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
