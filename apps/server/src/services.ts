import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import type { DbHandle } from './db/index.js';
import type { RateLimiter } from './http/rateLimit.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './mail/mailer.js';
import type { MediaUrl } from './lib/mediaUrl.js';
import type { BlobStore } from './storage/index.js';
import type { DiskReserve } from './storage/diskReserve.js';
import { authService } from './modules/auth/auth.service.js';
import { brandsService } from './modules/brands/brands.service.js';
import { foldersService } from './modules/folders/folders.service.js';
import { filesService } from './modules/files/files.service.js';
import { shareLinksService } from './modules/shareLinks/shareLinks.service.js';
import { assetsService } from './modules/assets/assets.service.js';
import { versionsService } from './modules/assets/versions.service.js';
import { assetManagerService } from './modules/assets/manager.service.js';
import { usersService } from './modules/users/users.service.js';
import { userStatsService } from './modules/users/users.stats.js';
import { userPhotosService } from './modules/users/users.photos.js';
import { emulationService } from './modules/emulation/emulation.service.js';
import { rolesService } from './modules/roles/roles.service.js';
import { searchService } from './modules/search/search.service.js';
import { shortcutsService } from './modules/shortcuts/shortcuts.service.js';
import { auditService } from './modules/audit/audit.service.js';
import { extensionsService } from './modules/extensions/extensions.service.js';
import { collectionsService } from './modules/collections/collections.service.js';
import { commentsService } from './modules/comments/comments.service.js';
import { downloadsService } from './modules/downloads/downloads.service.js';
import { pollingBroker } from './modules/notifications/notifications.broker.js';
import { notificationsService } from './modules/notifications/notifications.service.js';
import type { Repos } from './repos.js';
import type { Change, RunTx, Unit } from './unitOfWork/unitOfWork.js';
import { cropPresetsService } from './modules/cropPresets/cropPresets.service.js';
import { setupService } from './modules/setup/setup.service.js';
import { watermarksService } from './modules/watermarks/watermarks.service.js';
import { statsService } from './modules/stats/stats.service.js';
import { importsService } from './modules/reports/imports.service.js';
import { reportsService } from './modules/reports/reports.service.js';
import { syncService } from './modules/sync/sync.service.js';

/** One change's transaction, repositories, audit, events, mail and jobs (`deps.change`). */
export type UnitOfWork = Unit<Repos>;

/** What services may use. Built once per app; tests build the real thing on a temp data dir. */
export interface Deps {
  handle: DbHandle;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  storage: BlobStore;
  /** Signs stored pictures and derivatives for <img> use. */
  media: MediaUrl;
  /** Tells the in-process worker there is work now (set once the worker has started). */
  wake?: () => void;
  /** A session was signed out here: its notification streams in this process end at once. */
  sessionEnded?: (tokenId: number) => void;
  limiter: RateLimiter;
  appKey: string;
  log: FastifyBaseLogger;
  repos: Repos;
  /** One change a user makes, in one transaction with its audit entry, events, mail and jobs. */
  change: Change<Repos>;
  /** A transaction with its repositories, for work nobody asked for (no audit entry). */
  tx: RunTx<Repos>;
  /** Room on DATA_DIR's disk: `assertRoom()` before accepting work that writes new files. */
  disk?: DiskReserve;
}

export function makeServices(deps: Deps) {
  const folders = foldersService(deps);
  const files = filesService(deps);
  const assets = assetsService(deps, folders, files);
  // The database is the only message bus this deployment has (no Redis client is a dependency).
  const notifications = notificationsService(
    deps,
    pollingBroker(deps.repos.notifications, {
      onError: (err) => deps.log.warn({ err }, 'notification poll failed'),
    }),
  );
  deps.sessionEnded = (tokenId) => notifications.endSession(tokenId);
  return {
    auth: authService(deps),
    users: usersService(deps),
    userStats: userStatsService(deps),
    userPhotos: userPhotosService(deps),
    emulation: emulationService(deps),
    roles: rolesService(deps),
    brands: brandsService(deps),
    folders,
    files,
    assets,
    versions: versionsService(deps, assets),
    assetManager: assetManagerService(deps, folders),
    search: searchService(deps, folders),
    audit: auditService(deps),
    extensions: extensionsService(deps),
    shortcuts: shortcutsService(deps, folders, assets),
    collections: collectionsService(deps, folders),
    shareLinks: shareLinksService(deps, files),
    comments: commentsService(deps),
    downloads: downloadsService(deps, files),
    watermarks: watermarksService(deps),
    cropPresets: cropPresetsService(deps),
    setup: setupService(deps),
    stats: statsService(deps),
    reports: reportsService(deps),
    imports: importsService(deps),
    sync: syncService(deps),
    notifications,
  };
}
export type Services = ReturnType<typeof makeServices>;
