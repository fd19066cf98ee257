import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { openDb } from './db/index.js';
import type { DbHandle } from './db/index.js';
import { migrate } from './db/migrate.js';
import { withStartupLock } from './db/startupLock.js';
import { appKeyOf, seed } from './seed.js';
import { chainKey } from './modules/audit/audit.chain.js';
import { auditRepo } from './modules/audit/audit.repo.js';
import { auditTrail } from './modules/audit/audit.trail.js';
import { AppError, installErrorHandling, sendError } from './http/errors.js';
import { openApiDocument } from './http/openapi.js';
import { RateLimiter } from './http/rateLimit.js';
import { folderParamOf } from './http/route.js';
import type { MountDeps } from './http/route.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { isSpaRequest, serveWeb } from './http/web.js';
import { startDispatcher } from './jobs/redis/dispatch.js';
import { releaseModels } from './analysis/thread.js';
import { startWorker } from './worker/start.js';
import { jobUnits } from './jobUnits.js';
import type { Worker } from './jobs/worker.js';
import { fileClock, systemClock } from './lib/clock.js';
import { mediaUrlFactory } from './lib/mediaUrl.js';
import { closeXmpWriter } from './media/index.js';
import type { Clock } from './lib/clock.js';
import { createMailer } from './mail/mailer.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { syncEnvProvider } from './modules/sso/envProvider.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { brandsRoutes } from './modules/brands/brands.routes.js';
import { foldersRoutes } from './modules/folders/folders.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { assetsRoutes } from './modules/assets/assets.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { extensionsRoutes } from './modules/extensions/extensions.routes.js';
import { collectionsRoutes } from './modules/collections/collections.routes.js';
import { shareLinksRoutes } from './modules/shareLinks/shareLinks.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { downloadsRoutes } from './modules/downloads/downloads.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { cropPresetsRoutes } from './modules/cropPresets/cropPresets.routes.js';
import { metadataRoutes } from './modules/metadata/metadata.routes.js';
import { metadataBulkRoutes } from './modules/metadataBulk/metadataBulk.routes.js';
import { savedSearchesRoutes } from './modules/savedSearches/savedSearches.routes.js';
import { twoFactorRoutes } from './modules/twoFactor/twoFactor.routes.js';
import { uploadRequestsRoutes } from './modules/uploadRequests/uploadRequests.routes.js';
import { rightsRoutes } from './modules/rights/rights.routes.js';
import { guidelinesRoutes } from './modules/guidelines/guidelines.routes.js';
import { guidelineLinksRoutes } from './modules/guidelineLinks/guidelineLinks.routes.js';
import { guidelinePdfRoutes } from './modules/guidelinePdf/guidelinePdf.routes.js';
import { setupRoutes } from './modules/setup/setup.routes.js';
import { watermarksRoutes } from './modules/watermarks/watermarks.routes.js';
import { syncRoutes } from './modules/sync/sync.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { visualsRoutes } from './modules/visuals/visuals.routes.js';
import { textRoutes } from './modules/text/text.routes.js';
import { labelsRoutes } from './modules/labels/labels.routes.js';
import { analysisRoutes } from './modules/analysis/analysis.routes.js';
import { peopleRoutes } from './modules/people/people.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { apiKeysRoutes } from './modules/apiKeys/apiKeys.routes.js';
import { startSyncWatcher } from './modules/sync/sync.watch.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { jobsRoutes } from './modules/jobs/jobs.routes.js';
import { shortcutsRoutes } from './modules/shortcuts/shortcuts.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { emulationRoutes } from './modules/emulation/emulation.routes.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { metricsService } from './modules/metrics/metrics.service.js';
import { registerHttpMetrics } from './http/httpMetrics.js';
import { makeRepos } from './repos.js';
import { makeServices } from './services.js';
import { unitOfWork } from './unitOfWork/unitOfWork.js';
import { createBlobStore, LocalBlobStore } from './storage/index.js';
import { DiskReserve } from './storage/diskReserve.js';
import type { BlobStore } from './storage/index.js';
import type { Deps } from './deps/deps.js';
import type { Services } from './deps/services.js';
import './http/context.js';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  handle: DbHandle;
  storage: BlobStore;
  /** The in-process job worker, unless JOBS_IN_SERVER=false (then `npm run worker` works the queue). */
  worker: Worker | null;
  close(): Promise<void>;
}

/** Opens every dependency from the config, migrates and seeds, and wires the HTTP routes. */
export async function buildApp(
  config: Config,
  opts: { clock?: Clock; logger?: boolean; worker?: boolean } = {},
): Promise<BuiltApp> {
  const clock = opts.clock ?? (config.testClockFile ? fileClock(config.testClockFile) : systemClock);
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // The spec writes some paths with a trailing slash (`ops/users/{id}/switch/`): both answer alike.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const handle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const repos = makeRepos(handle.db);
    // One process at a time: several started at once on a fresh database must not race.
    const appKey = await withStartupLock(handle, config.dataDir, async () => {
      await migrate(handle.db, handle.dialect);
      await seed(repos, config, clock, app.log);
      // From the first start with APP_KEY on, the audit chain is keyed (see audit.chain.ts).
      await auditRepo(handle.db, chainKey(config.appKey)).markKeyed();
      const key = await appKeyOf(repos, config);
      await syncEnvProvider(repos, config, key, clock.now().toISOString());
      return key;
    });
    const limiter = new RateLimiter(handle.db, clock);
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
    });
    const storage = await createBlobStore(config.storage);
    const disk = new DiskReserve(config.dataDir, config.diskReserveBytes, app.log);
    await disk.check();
    if (storage instanceof LocalBlobStore) storage.roomCheck = () => disk.assertRoom();
    const media = mediaUrlFactory(appKey, clock);
    const units = unitOfWork({
      db: handle.db,
      repos: makeRepos,
      audit: auditTrail({ clock, config }),
      wake: () => deps.wake?.(),
    });
    const deps: Deps = {
      handle,
      config,
      clock,
      mailer,
      storage,
      media,
      limiter,
      appKey,
      log: app.log,
      repos,
      disk,
      ...units,
    };
    const services = makeServices(deps);

    await registerSecurityHeaders(app, config.appUrl, config.profilePhotoHosts ? [config.profilePhotoHosts.host] : []);
    await app.register(fastifyCookie);
    await app.register(fastifyMultipart, { limits: { fileSize: config.maxUploadBytes, files: 200, fields: 50 } });
    app.decorateRequest('actor', null);
    // Open notification streams never end by themselves: end them, or closing would wait on them.
    app.addHook('preClose', async () => services.notifications.closeStreams());
    installErrorHandling(app, () => disk.released());
    registerHttpMetrics(app);

    // An empty JSON body is "no body", not an error: clients send bodiless POSTs (logout).
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      if (body === '' || body === undefined) return done(null, undefined);
      json(req, body as string, done);
    });

    app.addHook('onRequest', async (req, reply) => {
      reply.header('x-request-id', req.id);
      // A request that writes finds the database's room released first when the disk has filled.
      if (req.method !== 'GET' && req.method !== 'HEAD') await disk.check();
      // Health probes are anonymous and must answer without the database.
      if (req.url.startsWith('/api/') && !req.url.startsWith('/api/health'))
        req.actor = await services.auth.actorFromHeader(req.headers.authorization, folderParamOf(req));
    });

    const mountDeps: MountDeps = { appKey, limiter };
    const secureCookies = config.appUrl.startsWith('https://');
    healthRoutes(app, mountDeps, deps);
    app.get('/api/docs', async () => openApiDocument());
    authRoutes(app, mountDeps, services, secureCookies);
    ssoRoutes(app, mountDeps, services, secureCookies);
    accountRoutes(app, mountDeps, services);
    usersRoutes(app, mountDeps, services);
    emulationRoutes(app, mountDeps, services);
    rolesRoutes(app, mountDeps, services);
    brandsRoutes(app, mountDeps, services);
    foldersRoutes(app, mountDeps, services);
    filesRoutes(app, mountDeps, services);
    assetsRoutes(app, mountDeps, services);
    await uploadsRoutes(app, mountDeps, deps, services);
    await uploadRequestsRoutes(app, mountDeps, deps, services);
    searchRoutes(app, mountDeps, services);
    shortcutsRoutes(app, mountDeps, services);
    auditRoutes(app, mountDeps, services);
    extensionsRoutes(app, mountDeps, services);
    collectionsRoutes(app, mountDeps, services);
    shareLinksRoutes(app, mountDeps, services);
    commentsRoutes(app, mountDeps, services);
    downloadsRoutes(app, mountDeps, services);
    reportsRoutes(app, mountDeps, services);
    watermarksRoutes(app, mountDeps, services);
    syncRoutes(app, mountDeps, services);
    webhooksRoutes(app, mountDeps, services);
    visualsRoutes(app, mountDeps, services);
    textRoutes(app, mountDeps, services);
    labelsRoutes(app, mountDeps, services);
    analysisRoutes(app, mountDeps, services);
    peopleRoutes(app, mountDeps, services);
    reviewsRoutes(app, mountDeps, services);
    apiKeysRoutes(app, mountDeps, services);
    cropPresetsRoutes(app, mountDeps, services);
    metadataRoutes(app, mountDeps, services);
    metadataBulkRoutes(app, mountDeps, services);
    savedSearchesRoutes(app, mountDeps, services);
    rightsRoutes(app, mountDeps, services);
    guidelinesRoutes(app, mountDeps, services);
    guidelineLinksRoutes(app, mountDeps, services);
    guidelinePdfRoutes(app, mountDeps, services);
    setupRoutes(app, mountDeps, services);
    twoFactorRoutes(app, mountDeps, services);
    notificationsRoutes(app, mountDeps, services);
    jobsRoutes(app, mountDeps, deps);
    metricsRoutes(
      app,
      mountDeps,
      metricsService(deps, () => services.notifications.openStreams()),
    );

    const hasWeb = await serveWeb(app, config.webDist);
    app.setNotFoundHandler((req, reply) => {
      if (hasWeb && isSpaRequest(req.method, req.url))
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return sendError(req, reply, new AppError('NOT_FOUND'));
    });

    // Started last, so a failed build never leaves it polling.
    const worker =
      config.jobsInServer && opts.worker !== false
        ? await startWorker({
            db: handle.db,
            dialect: handle.dialect,
            log: app.log,
            storage,
            dataDir: config.dataDir,
            clock,
            concurrency: config.jobsConcurrency,
            leaseMs: config.jobLeaseMs,
            mailer,
            appUrl: config.appUrl,
            notificationPublished: (userId, id) => services.notifications.broker.publish(userId, id),
            mailWindowMs: config.notificationMailWindowMs,
            appKey: config.appKey,
            auditCheckpoints: config.auditCheckpoints,
            sync: config.sync,
            redis: config.redis,
            units: jobUnits({ clock, appKey: config.appKey, webhooks: config.webhooks, analysis: config.analysis }),
          })
        : null;
    // On BullMQ, a process without a worker still sends what it enqueues at once.
    const dispatcher =
      !worker && config.redis
        ? await startDispatcher({ db: handle.db, dialect: handle.dialect, log: app.log, clock, redis: config.redis })
        : null;
    deps.wake = () => (worker ? worker.wake() : dispatcher?.nudge());
    // NAS sync: the process that works the queue also watches the local sources (a hint only).
    const watcher =
      worker && config.sync.watch && config.sync.roots.length
        ? await startSyncWatcher({
            repos: deps.repos,
            tx: deps.tx,
            clock,
            log: app.log,
            settings: config.sync,
            onRun: () => worker.wake(),
          }).catch((err: unknown) => {
            app.log.warn({ err }, 'sync: the watcher did not start; schedules still run');
            return null;
          })
        : null;

    return {
      app,
      services,
      storage,
      handle,
      worker,
      async close() {
        await app.close();
        await watcher?.stop();
        await worker?.stop();
        // A model run still going (a timed-out one finishing) ends before the process may exit.
        await releaseModels();
        await dispatcher?.stop();
        await storage.close();
        await handle.close();
        await closeXmpWriter();
      },
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
