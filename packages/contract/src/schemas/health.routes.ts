import { z } from 'zod';
import { def } from '../routeDef.js';

/** Readiness. */
export const healthRoutes = {
  health: def({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Readiness',
    response: z.object({ status: z.literal('ok') }),
  }),
} as const;
