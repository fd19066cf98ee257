import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { AssetLabelsResponse, BrandLabelsResponse, LabelParams } from './labels.js';

/**
 * Objects and scenes (issue 42 §2). An asset's labels are as visible as the asset (404
 * otherwise); accepting or rejecting one needs the right to edit the asset's metadata.
 */
export const labelsRoutes = {
  assetLabels: def({
    method: 'GET',
    path: '/api/ops/asset/:id/labels',
    access: 'user',
    summary: "Objects and scenes found in an asset's image, at or above the brand's threshold",
    params: IdParams,
    response: AssetLabelsResponse,
  }),
  labelAccept: def({
    method: 'POST',
    path: '/api/ops/asset/:id/labels/:label/accept',
    access: 'user',
    summary: "Adds a found label's name (in the caller's language) to the asset's keywords",
    params: LabelParams,
    response: AssetLabelsResponse,
  }),
  labelReject: def({
    method: 'POST',
    path: '/api/ops/asset/:id/labels/:label/reject',
    access: 'user',
    summary: 'Rejects a found label: it is never suggested again for the asset',
    params: LabelParams,
    response: AssetLabelsResponse,
  }),
  brandLabels: def({
    method: 'GET',
    path: '/api/ops/brand/:id/labels',
    access: 'user',
    summary: "The labels found in a brand's assets the caller may see, with counts",
    params: IdParams,
    response: BrandLabelsResponse,
  }),
};
