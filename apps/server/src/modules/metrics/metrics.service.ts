import { createHash, timingSafeEqual } from 'node:crypto';
import { Gauge, Registry } from 'prom-client';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { askClusterMetrics, joinClusterMetrics } from '../../lib/clusterMetrics.js';
import { processRegistry } from '../../lib/metrics.js';
import type { AnyContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { metricsRepo } from './metrics.repo.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FAILED_WINDOW_MS = 24 * 60 * 60 * 1000;

type QueueRow = Awaited<ReturnType<ReturnType<typeof metricsRepo>['queue']>>[number];

const digest = (s: string) => createHash('sha256').update(s).digest();

/** What a scrape hands the route: the caller's token, and whether a proxy forwarded the call. */
export interface ScrapeRequest {
  bearer: string | null;
  forwarded: boolean;
}

/**
 * The Prometheus endpoint. With METRICS_TOKEN set, only a bearer of it is answered; without, only
 * a caller on this machine, and not through a reverse proxy (a proxy on the same host would
 * otherwise make every outside caller look local). Anyone else gets the same 404 as a missing
 * route, so the endpoint is not advertised.
 */
export function metricsService(deps: Deps, openStreams: () => number) {
  const { config, clock, handle } = deps;
  const repo = deps.repos.metrics;
  const registry = new Registry();
  const labels = ['name'] as const;
  // One query per scrape for the four queue gauges: prom-client collects them all at once.
  let pending: ReturnType<typeof readQueue> | null = null;
  const queueRows = () =>
    (pending ??= readQueue().finally(() => {
      pending = null;
    }));
  /** A gauge per job name from the queue rows; every process reads the same table, so a cluster keeps one answer. */
  const queueGauge = (name: string, help: string, value: (r: QueueRow, nowMs: number) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: labels,
      registers: [registry],
      aggregator: 'first',
      async collect() {
        const { rows, nowMs } = await queueRows();
        this.reset();
        for (const r of rows) {
          const v = value(r, nowMs);
          if (v !== null) this.set({ name: r.name }, v);
        }
      },
    });
  const due = (r: QueueRow) => r.status === 'queued';
  queueGauge('brandvault_jobs_waiting', 'Jobs due and waiting for a worker, by job name', (r) =>
    due(r) ? Number(r.n) : null,
  );
  queueGauge(
    'brandvault_jobs_oldest_waiting_seconds',
    'How long the oldest due job has waited, by job name',
    (r, nowMs) => (due(r) ? Math.max(0, (nowMs - (r.oldest ? Date.parse(r.oldest) : nowMs)) / 1000) : null),
  );
  queueGauge('brandvault_jobs_running', 'Jobs running now in any worker, by job name', (r) =>
    r.status === 'running' ? Number(r.n) : null,
  );
  queueGauge('brandvault_jobs_failed_24h', 'Jobs that failed for good in the last 24 hours, by job name', (r) =>
    r.status === 'failed' ? Number(r.n) : null,
  );
  new Gauge({
    name: 'brandvault_sse_connections',
    help: 'Notification streams (server-sent events) open in this process',
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });
  new Gauge({
    name: 'brandvault_db_connections',
    help: 'Database connections by state: PostgreSQL pool total, idle and waiting clients; SQLite has one synchronous connection per process and no pool to wait in',
    labelNames: ['dialect', 'state'] as const,
    registers: [registry],
    collect() {
      const pool = handle.poolStats?.();
      if (!pool) return void this.set({ dialect: handle.dialect, state: 'total' }, 1);
      this.set({ dialect: handle.dialect, state: 'total' }, pool.total);
      this.set({ dialect: handle.dialect, state: 'idle' }, pool.idle);
      this.set({ dialect: handle.dialect, state: 'waiting' }, pool.waiting);
    },
  });

  async function readQueue() {
    const now = clock.now();
    const rows = await repo.queue(iso(now), iso(new Date(now.getTime() - FAILED_WINDOW_MS)));
    return { rows, nowMs: now.getTime() };
  }
  const inCluster = joinClusterMetrics([processRegistry, registry]);

  function allowed(ctx: AnyContext, req: ScrapeRequest): boolean {
    if (config.metricsToken) return !!req.bearer && timingSafeEqual(digest(req.bearer), digest(config.metricsToken));
    return LOOPBACK.has(ctx.ip) && !req.forwarded;
  }

  return {
    async scrape(ctx: AnyContext, req: ScrapeRequest): Promise<{ contentType: string; text: string }> {
      if (!allowed(ctx, req)) throw new AppError('NOT_FOUND');
      if (inCluster) return askClusterMetrics();
      const merged = Registry.merge([processRegistry, registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}
export type MetricsService = ReturnType<typeof metricsService>;
