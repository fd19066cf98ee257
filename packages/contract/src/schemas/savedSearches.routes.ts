import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { AssetSearchQuery, AssetSearchResponse } from './search.js';
import {
  SavedSearch,
  SavedSearchBody,
  SavedSearchList,
  SavedSearchListQuery,
  SavedSearchPin,
  SavedSearchShare,
  SavedSearchUpdate,
} from './savedSearches.js';

const view = { permission: 'brand.view' } as const;
const Deleted = z.object({ deleted: z.literal(true) });

/**
 * Saved searches and smart collections (issue 39 §6). Whoever sees a brand saves, pins and runs
 * searches in it; only the owner renames or changes one; metadata.manage shares one with the brand
 * (and unshares or deletes a shared one). Others' private searches answer 404.
 */
export const savedSearchesRoutes = {
  savedSearchList: def({
    method: 'GET',
    path: '/api/ops/saved-search/list',
    access: view,
    summary: "The caller's saved searches and those shared with their brands",
    query: SavedSearchListQuery,
    response: SavedSearchList,
  }),
  savedSearchCreate: def({
    method: 'POST',
    path: '/api/ops/saved-search/new',
    access: view,
    summary: 'Save a search of a folder (the brand root: the whole brand) by name',
    body: SavedSearchBody,
    response: SavedSearch,
    status: 201,
  }),
  savedSearchUpdate: def({
    method: 'PATCH',
    path: '/api/ops/saved-search/:id',
    access: view,
    summary: 'Rename a saved search, change its filters or its smart-collection flag (owner)',
    params: IdParams,
    body: SavedSearchUpdate,
    response: SavedSearch,
  }),
  savedSearchPin: def({
    method: 'POST',
    path: '/api/ops/saved-search/:id/pin',
    access: view,
    summary: 'Pin or unpin a saved search in the caller’s searcher',
    params: IdParams,
    body: SavedSearchPin,
    response: SavedSearch,
  }),
  savedSearchShare: def({
    method: 'POST',
    path: '/api/ops/saved-search/:id/share',
    access: view,
    summary: 'Share a saved search with its brand, or stop sharing it (metadata.manage)',
    params: IdParams,
    body: SavedSearchShare,
    response: SavedSearch,
  }),
  savedSearchDelete: def({
    method: 'DELETE',
    path: '/api/ops/saved-search/:id',
    access: view,
    summary: 'Delete a saved search (its owner, or a manager when it is shared)',
    params: IdParams,
    response: Deleted,
  }),
  savedSearchRun: def({
    method: 'GET',
    path: '/api/ops/saved-search/:id/results',
    access: view,
    summary: "A page of a saved search's current results, as the caller may see them",
    params: IdParams,
    query: AssetSearchQuery,
    response: AssetSearchResponse,
    rateLimit: { max: 600 },
  }),
} as const;
