import { z } from 'zod';
import { def } from '../core/routeDef.js';
import {
  DownloadFileQuery,
  DownloadItem,
  DownloadList,
  DownloadListQuery,
  DownloadParams,
  DownloadQueued,
  DownloadRequest,
} from './downloads.js';

/**
 * Getting files out (§1, §7): a selection of assets and folders becomes a zip or a PDF built by a
 * job; its owner follows it, is told when it is ready and fetches it for DOWNLOAD_EXPIRY_HOURS.
 */
export const downloadsRoutes = {
  downloadQueue: def({
    method: 'POST',
    path: '/api/ops/asset/download/get/queue',
    access: { permission: 'asset.download' },
    summary: 'Queue a zip or PDF of assets and folders; answers the download and its job',
    body: DownloadRequest,
    response: DownloadQueued,
    status: 202,
    rateLimit: { max: 30 },
  }),
  downloadList: def({
    method: 'GET',
    path: '/api/ops/asset/download/list',
    access: 'user',
    summary: "The caller's zips and PDFs, newest first",
    query: DownloadListQuery,
    response: DownloadList,
  }),
  downloadGet: def({
    method: 'GET',
    path: '/api/ops/asset/download/:id',
    access: 'user',
    summary: 'One of the caller’s zips or PDFs, with a fresh address while it is ready',
    params: DownloadParams,
    response: DownloadItem,
  }),
  downloadFile: def({
    method: 'GET',
    path: '/api/ops/asset/download/:id/file',
    access: 'public',
    summary: 'The ready file, through the signed address its owner was given',
    params: DownloadParams,
    query: DownloadFileQuery,
    response: z.unknown(),
    raw: true,
  }),
};
