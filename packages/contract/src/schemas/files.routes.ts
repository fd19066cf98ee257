import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { text } from './common.js';

/** Stored pictures and derivatives, by signed link (for <img>, which sends no bearer token). */
export const filesRoutes = {
  media: def({
    method: 'GET',
    path: '/api/media/*',
    access: 'public',
    summary: 'A stored picture or derivative (signed link)',
    params: z.object({ '*': text().min(1).max(300) }),
    response: z.unknown(),
    raw: true,
  }),
} as const;
