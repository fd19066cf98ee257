import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import {
  AllowedTypes,
  ExtensionCreateBody,
  ExtensionList,
  ExtensionQuery,
  ExtensionResponse,
  ExtensionStatusBody,
} from './extensions.js';

const admin = { role: 'admin' } as const;

/** The upload allow-list (§2 `extension.all`, §3 Extension): administrators only. */
export const extensionsRoutes = {
  extensionAll: def({
    method: 'GET',
    path: '/api/ops/extension/all',
    access: admin,
    summary: 'The upload allow-list, searched by name or MIME type and filtered by status',
    query: ExtensionQuery,
    response: ExtensionList,
  }),
  extensionAllowed: def({
    method: 'GET',
    path: '/api/ops/extension/allowed',
    access: { permission: 'asset.create' },
    summary: 'The file types an upload may be, for those who upload',
    response: AllowedTypes,
  }),
  extensionCreate: def({
    method: 'POST',
    path: '/api/ops/extension/create',
    access: admin,
    summary: 'Add an extension to the allow-list (a warning comes back for types that can run code)',
    body: ExtensionCreateBody,
    response: ExtensionResponse,
    status: 201,
  }),
  extensionStatus: def({
    method: 'PUT',
    path: '/api/ops/extension/:id/status/change',
    access: admin,
    summary: 'Allow (ACTIVE) or refuse (INACTIVE) uploads of one extension from the next upload on',
    params: IdParams,
    body: ExtensionStatusBody,
    response: ExtensionResponse,
  }),
} as const;
