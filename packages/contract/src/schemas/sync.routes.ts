import { z } from 'zod';
import { def } from '../core/routeDef.js';
import { IdParams, PageQuery } from './common.js';
import {
  SyncRoots,
  SyncRunItemList,
  SyncRunItemsQuery,
  SyncRunList,
  SyncRunResponse,
  SyncSourceBody,
  SyncSourceList,
  SyncSourceListQuery,
  SyncSourceResponse,
} from './sync.js';

/**
 * NAS sync sources (§2 `assets.sync` `/asset/sync`). Listing needs asset.view and shows the
 * sources of the brands the caller sees; creating, changing, deleting and running one needs
 * brand.manage, or asset.manage within the source's brand (the brand's managers). The service
 * checks the brand and the folder; a path outside `SYNC_ROOTS` is a 422 on `path`.
 */
export const syncRoutes = {
  syncRoots: def({
    method: 'GET',
    path: '/api/asset/sync/roots',
    access: { permission: 'asset.manage' },
    summary: 'The server directories under which a sync source may point (`SYNC_ROOTS`)',
    response: SyncRoots,
  }),
  syncSourceList: def({
    method: 'GET',
    path: '/api/asset/sync/source/list',
    access: { permission: 'asset.view' },
    summary: 'NAS sync sources of the brands the caller sees, with their last run and next run',
    query: SyncSourceListQuery,
    response: SyncSourceList,
  }),
  syncSourceGet: def({
    method: 'GET',
    path: '/api/asset/sync/source/:id',
    access: { permission: 'asset.view' },
    summary: 'One NAS sync source',
    params: IdParams,
    response: SyncSourceResponse,
  }),
  syncSourceCreate: def({
    method: 'POST',
    path: '/api/asset/sync/source',
    access: { permission: 'asset.manage' },
    summary: 'Define a NAS sync source: a directory under SYNC_ROOTS mirrored into a brand folder',
    body: SyncSourceBody,
    response: SyncSourceResponse,
    status: 201,
  }),
  syncSourceUpdate: def({
    method: 'PUT',
    path: '/api/asset/sync/source/:id',
    access: { permission: 'asset.manage' },
    summary: 'Change a NAS sync source (its schedule follows)',
    params: IdParams,
    body: SyncSourceBody,
    response: SyncSourceResponse,
  }),
  syncSourceDelete: def({
    method: 'DELETE',
    path: '/api/asset/sync/source/:id',
    access: { permission: 'asset.manage' },
    summary: 'Delete a NAS sync source; its assets stay, no longer synced',
    params: IdParams,
    response: z.object({ message: z.string() }),
  }),
  syncSourceRun: def({
    method: 'POST',
    path: '/api/asset/sync/source/:id/run',
    access: { permission: 'asset.manage' },
    summary: 'Run a source now (a job; one run per source at a time: a queued or running one is answered)',
    params: IdParams,
    response: SyncRunResponse,
    status: 202,
  }),
  syncSourceRuns: def({
    method: 'GET',
    path: '/api/asset/sync/source/:id/runs',
    access: { permission: 'asset.view' },
    summary: "A source's runs, newest first",
    params: IdParams,
    query: PageQuery,
    response: SyncRunList,
  }),
  syncRunGet: def({
    method: 'GET',
    path: '/api/asset/sync/run/:id',
    access: { permission: 'asset.view' },
    summary: 'One run: status and counts',
    params: IdParams,
    response: SyncRunResponse,
  }),
  syncRunItems: def({
    method: 'GET',
    path: '/api/asset/sync/run/:id/items',
    access: { permission: 'asset.view' },
    summary: "A run's report: each path that was new, updated, moved, removed, skipped or failed, and why",
    params: IdParams,
    query: SyncRunItemsQuery,
    response: SyncRunItemList,
  }),
} as const;
