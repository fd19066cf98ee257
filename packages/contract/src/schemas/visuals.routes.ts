import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { AssetVisualsResponse, SimilarResponse, VisualsBackfillQueued } from './visuals.js';

/**
 * Colours and look-alikes (issue 42 §4). An asset's colours and similar assets are as visible as
 * the asset (404 otherwise), and only assets the caller may see are ever listed as look-alikes.
 */
export const visualsRoutes = {
  assetVisuals: def({
    method: 'GET',
    path: '/api/ops/asset/:id/visuals',
    access: 'user',
    summary: "An asset's dominant colours, analysis state and nearest look-alike",
    params: IdParams,
    response: AssetVisualsResponse,
  }),
  assetSimilar: def({
    method: 'GET',
    path: '/api/ops/asset/:id/similar',
    access: 'user',
    summary: 'Assets of the same brand that look like this one, nearest first',
    params: IdParams,
    response: SimilarResponse,
  }),
  visualsBackfill: def({
    method: 'POST',
    path: '/api/ops/brand/:id/visuals/backfill',
    access: { permission: 'brand.manage' },
    summary: "Finds colours and look-alikes for a brand's images that have none yet (a job)",
    params: IdParams,
    response: VisualsBackfillQueued,
    status: 202,
  }),
};
