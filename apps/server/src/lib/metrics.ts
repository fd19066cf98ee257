import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * This process's own instruments (HTTP, jobs run here, Node's own figures). They are module-wide
 * because prom-client refuses a name twice in one registry; each app adds its gauges read at
 * scrape time (modules/metrics) in a registry of its own.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'brandvault_' });

export const httpDuration = new Histogram({
  name: 'brandvault_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

/** How an attempt ended: done, failed for good, to be retried, or lost (its lease was taken over). */
export type AttemptOutcome = 'done' | 'failed' | 'retry' | 'lost';

export const jobAttempts = new Counter({
  name: 'brandvault_job_attempts_total',
  help: 'Job attempts run by this process, by job name and outcome (done, retry, failed, lost)',
  labelNames: ['name', 'outcome'] as const,
  registers: [processRegistry],
});

export const jobDuration = new Histogram({
  name: 'brandvault_job_duration_seconds',
  help: 'Time a job attempt ran in this process, by job name',
  labelNames: ['name'] as const,
  buckets: [0.05, 0.25, 1, 5, 15, 60, 300, 1800],
  registers: [processRegistry],
});

/** Records one attempt of `name` that began at `startedMs` (performance.now()). */
export function recordJobAttempt(name: string, outcome: AttemptOutcome, startedMs: number): void {
  jobAttempts.inc({ name, outcome });
  jobDuration.observe({ name }, (performance.now() - startedMs) / 1000);
}
