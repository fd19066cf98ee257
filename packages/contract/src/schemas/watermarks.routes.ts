import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import {
  BrandWatermarkBody,
  BrandWatermarkResponse,
  WatermarkImageQuery,
  WatermarkTrace,
  WatermarkTraceBody,
} from './watermarks.js';

/**
 * Brand watermarks (§7 `GET asset/watermark`) and the trace tool. Setting one needs brand.manage
 * or, within one's own brands, asset.manage (the brand's managers); the service checks the brand.
 */
export const watermarksRoutes = {
  watermarkImage: def({
    method: 'GET',
    path: '/api/asset/watermark',
    access: 'user',
    summary: "A brand's watermark image (PNG), for those who may see the brand",
    query: WatermarkImageQuery,
    response: z.unknown(),
    raw: true,
  }),
  brandWatermarkGet: def({
    method: 'GET',
    path: '/api/ops/brand/:id/watermark',
    access: 'user',
    summary: "A brand's watermark settings",
    params: IdParams,
    response: BrandWatermarkResponse,
  }),
  brandWatermarkUpdate: def({
    method: 'POST',
    path: '/api/ops/brand/:id/watermark',
    access: 'user',
    summary: "Set a brand's watermark image (multipart: image, a PNG), position, opacity, scale and rules",
    params: IdParams,
    body: BrandWatermarkBody,
    multipart: 'form',
    files: ['image'],
    response: BrandWatermarkResponse,
  }),
  watermarkTrace: def({
    method: 'POST',
    path: '/api/ops/watermark/trace',
    access: { role: 'admin' },
    summary:
      'Whom a downloaded file was made for (multipart: the file, or the code drawn on it): which link or user, and when',
    body: WatermarkTraceBody,
    multipart: 'form',
    files: ['file'],
    response: WatermarkTrace,
    rateLimit: { max: 30 },
  }),
} as const;
