import { z } from 'zod';
import { def } from '../core/routeDef.js';

/** Operators' figures for Prometheus. */
export const metricsRoutes = {
  metrics: def({
    method: 'GET',
    path: '/api/metrics',
    access: 'public',
    summary:
      'Prometheus metrics (text exposition format): HTTP latency per route, job queues, job attempts, notification streams, database connections. Answered only to a bearer of METRICS_TOKEN or, when that is unset, to a caller on the server itself (loopback, not through a proxy); anyone else gets 404',
    response: z.unknown(),
    raw: true,
  }),
} as const;
