import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { AssetTextResponse } from './text.js';

/**
 * Text inside files (issue 42 §1). An asset's text is as visible as the asset (404 otherwise):
 * guests read it where they may view the asset.
 */
export const textRoutes = {
  assetText: def({
    method: 'GET',
    path: '/api/ops/asset/:id/text',
    access: 'user',
    summary: "The text found in an asset's file (OCR, PDF or Office text), with line boxes per page",
    params: IdParams,
    response: AssetTextResponse,
  }),
  assetTextDownload: def({
    method: 'GET',
    path: '/api/ops/asset/:id/text.txt',
    access: 'user',
    summary: "The text found in an asset's file, as a plain-text download",
    params: IdParams,
    response: z.unknown(),
    raw: true,
  }),
};
