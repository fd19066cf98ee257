import { ALL_ANALYSES } from './config/config.js';
import type { Db } from './db/index.js';
import type { JobUnits } from './jobs/types.js';
import type { AnalysisKind } from './config/config.js';
import type { Clock } from './lib/clock.js';
import { auditTrail } from './modules/audit/audit.trail.js';
import { makeRepos } from './repos.js';
import type { Repos } from './repos.js';
import { unitOfWork } from './unitOfWork/unitOfWork.js';
import type { Change, RunTx } from './unitOfWork/unitOfWork.js';

declare module './jobs/types.js' {
  interface JobUnits {
    /** The repositories over the database, for reads outside a change. */
    repos: Repos;
    /** One change, as a request makes it: rows, audit entries (of `ctx`), events, mail and jobs. */
    change: Change<Repos>;
    /** A transaction with its repositories, for work nobody asked for (no audit entry). */
    tx: RunTx<Repos>;
    /** Webhook delivery settings (WEBHOOKS_ALLOW_LOOPBACK). */
    webhooks: { allowLoopback: boolean };
    /** The analyses this installation runs (ANALYSIS); a job for another ends as "turned off". */
    analysis: readonly AnalysisKind[];
  }
}

/**
 * What the worker gives each job (JobContext.change, tx, repos): the app's own unit of work and
 * repositories, with audit entries keyed with APP_KEY as the app's are. `wake` is the worker's:
 * jobs a job enqueues are looked at once it has committed.
 */
export const jobUnits =
  (opts: {
    clock: Clock;
    appKey: string | undefined;
    webhooks?: { allowLoopback: boolean };
    analysis?: readonly AnalysisKind[];
  }) =>
  (db: Db, wake: () => void): JobUnits => ({
    repos: makeRepos(db),
    webhooks: opts.webhooks ?? { allowLoopback: false },
    analysis: opts.analysis ?? ALL_ANALYSES,
    ...unitOfWork({
      db,
      repos: makeRepos,
      audit: auditTrail({ clock: opts.clock, config: { appKey: opts.appKey } }),
      wake,
    }),
  });
