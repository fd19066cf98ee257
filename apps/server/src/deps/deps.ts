import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { DbHandle } from '../db/index.js';
import type { RateLimiter } from '../http/rateLimit.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../lib/mailMessage.js';
import type { MediaUrl } from '../lib/mediaUrl.js';
import type { BlobStore } from '../storage/index.js';
import type { DiskReserve } from '../storage/diskReserve.js';
import type { Change, RunTx, Unit } from '../unitOfWork/unitOfWork.js';
import type { Repos } from './repos.js';

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
