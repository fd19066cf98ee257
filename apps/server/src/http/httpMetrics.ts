import type { FastifyInstance } from 'fastify';
import { httpDuration } from '../lib/metrics.js';

/**
 * Observes every answer in the latency histogram under its route pattern (`/api/ops/brand/:id`),
 * never the raw URL, so ids and tokens neither leak into labels nor multiply the series.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
