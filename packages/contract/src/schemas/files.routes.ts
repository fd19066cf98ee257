import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { text } from './common.js';

/**
 * Stored pictures and derivatives, by signed link (for <img> and <video>, which send no bearer
 * token); byte ranges are served, so a video proxy seeks.
 */
export const filesRoutes = {
  media: def({
    method: 'GET',
    path: '/api/media/*',
    access: 'public',
    summary: 'A stored picture, derivative or video proxy (signed link, byte ranges)',
    params: z.object({ '*': text().min(1).max(300) }),
    response: z.unknown(),
    raw: true,
  }),
} as const;
