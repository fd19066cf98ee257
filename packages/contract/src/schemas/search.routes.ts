import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { AssetListQuery, AssetSearchBody, AssetSearchQuery, AssetSearchResponse, MetadataGaps } from './search.js';

/** Browse and search (§7 list calls): the folder alone or with its subfolders, filtered and sorted. */
export const searchRoutes = {
  assetList: def({
    method: 'GET',
    path: '/api/ops/asset/list/all/:id',
    access: { permission: 'brand.view' },
    summary:
      "A page of a folder's assets, with facets; `fields` (JSON, the POST body's `fields`) filters by the " +
      'brand\'s metadata fields, e.g. `fields={"campaign":{"any":[12]}}`',
    params: IdParams,
    query: AssetListQuery,
    response: AssetSearchResponse,
    rateLimit: { max: 600 },
  }),
  assetSearch: def({
    method: 'POST',
    path: '/api/ops/asset/list/all/:id',
    access: { permission: 'brand.view' },
    summary: 'Search, filter and sort under a folder, with facets',
    params: IdParams,
    query: AssetSearchQuery,
    body: AssetSearchBody,
    response: AssetSearchResponse,
    rateLimit: { max: 600 },
  }),
  metadataGaps: def({
    method: 'GET',
    path: '/api/ops/brand/:id/metadata/gaps',
    access: { permission: 'metadata.manage' },
    summary: "How many of a brand's assets miss each required metadata field",
    params: IdParams,
    response: MetadataGaps,
  }),
} as const;
