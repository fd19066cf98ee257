import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { CropPresetsBody, CropPresetsResponse } from './cropPresets.js';

/**
 * A brand's channel presets for cropped downloads. Everyone who sees the brand reads them (the
 * crop dialog offers them); whoever manages the brand replaces them (the watermark's rule).
 */
export const cropPresetsRoutes = {
  cropPresetsGet: def({
    method: 'GET',
    path: '/api/ops/brand/:id/crop/presets',
    access: 'user',
    summary: "A brand's channel presets for cropped downloads",
    params: IdParams,
    response: CropPresetsResponse,
  }),
  cropPresetsUpdate: def({
    method: 'PUT',
    path: '/api/ops/brand/:id/crop/presets',
    access: 'user',
    summary: "Replace a brand's channel presets (name, output width and height, optional format)",
    params: IdParams,
    body: CropPresetsBody,
    response: CropPresetsResponse,
  }),
} as const;
