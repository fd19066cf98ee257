import { z } from 'zod';
import { def } from '../core/routeDef.js';

/** Liveness and readiness. */
export const healthRoutes = {
  health: def({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Liveness: the process answers',
    response: z.object({ status: z.literal('ok') }),
  }),
  healthReady: def({
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    summary: 'Readiness: the database and (when configured) Redis answer; 503 SERVICE_UNAVAILABLE otherwise',
    response: z.object({
      status: z.literal('ready'),
      database: z.literal('up'),
      redis: z.enum(['up', 'absent']),
    }),
  }),
} as const;
