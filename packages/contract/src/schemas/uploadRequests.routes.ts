import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import {
  AssetUploadOrigin,
  UploadRequestBody,
  UploadRequestIdParams,
  UploadRequestList,
  UploadRequestListQuery,
  UploadRequestOpenQuery,
  UploadRequestPublic,
  UploadRequestResponse,
  UploadRequestTokenParams,
  UploadRequestUnlockBody,
  UploadRequestUnlockResponse,
} from './uploadRequests.js';

const uploader = { permission: 'asset.create' } as const;

/**
 * Upload request links (issue 40 §4): members with upload rights make and close them; anyone
 * holding a live link opens its public page and uploads through it (the tus endpoint at
 * UPLOAD_REQUEST_TUS_PATH, outside the contract like the signed-in one).
 */
export const uploadRequestsRoutes = {
  uploadRequestCreate: def({
    method: 'POST',
    path: '/api/ops/upload-request/new',
    access: uploader,
    summary: 'Ask for files: a link to a folder with its message, expiry, password, budget and file types',
    body: UploadRequestBody,
    response: UploadRequestResponse,
    status: 201,
    rateLimit: { max: 60 },
  }),
  uploadRequestList: def({
    method: 'GET',
    path: '/api/ops/upload-request/list',
    access: uploader,
    summary: "The caller's upload requests (a manager's: their brands'; an admin's: all) with their uploads",
    query: UploadRequestListQuery,
    response: UploadRequestList,
  }),
  uploadRequestClose: def({
    method: 'POST',
    path: '/api/ops/upload-request/:id/close',
    access: uploader,
    summary: 'Close a request now: its link answers as an unknown one from then on',
    params: UploadRequestIdParams,
    response: UploadRequestResponse,
  }),
  uploadRequestOpen: def({
    method: 'GET',
    path: '/api/upload-request/open/:token',
    access: 'public',
    summary: 'The public page of a live request: the brand’s name and logo and the request only',
    params: UploadRequestTokenParams,
    query: UploadRequestOpenQuery,
    response: UploadRequestPublic,
  }),
  uploadRequestUnlock: def({
    method: 'POST',
    path: '/api/upload-request/open/:token/unlock',
    access: 'public',
    summary: 'Give a request’s password: answers a short-lived pass for the uploads',
    params: UploadRequestTokenParams,
    body: UploadRequestUnlockBody,
    response: UploadRequestUnlockResponse,
  }),
  assetUploadOrigin: def({
    method: 'GET',
    path: '/api/ops/asset/:id/upload-origin',
    access: { permission: 'brand.view' },
    summary: 'Whether an asset came in through an upload request, and from whom',
    params: IdParams,
    response: AssetUploadOrigin,
  }),
};
