import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { ApiKey, ApiKeyAdminList, ApiKeyAdminQuery, ApiKeyBody, ApiKeyCreated, ApiKeyList } from './apiKeys.js';

/**
 * API keys (issue 41 §3). Every signed-in person manages their own; administrators list and revoke
 * everyone's. None of these answers a request made with a key (`sessionOnly`): a leaked key must
 * not mint or extend keys.
 */
export const apiKeysRoutes = {
  apiKeyList: def({
    method: 'GET',
    path: '/api/account/api-keys',
    access: 'user',
    sessionOnly: true,
    summary: "The caller's API keys (never their secrets)",
    response: ApiKeyList,
  }),
  apiKeyCreate: def({
    method: 'POST',
    path: '/api/account/api-keys',
    access: 'user',
    sessionOnly: true,
    summary: 'Create an API key with scopes among the permissions the caller holds; its secret is shown once',
    body: ApiKeyBody,
    response: ApiKeyCreated,
    status: 201,
    rateLimit: { max: 20 },
  }),
  apiKeyRevoke: def({
    method: 'POST',
    path: '/api/account/api-keys/:id/revoke',
    access: 'user',
    sessionOnly: true,
    summary: 'Revoke one of the caller’s API keys',
    params: IdParams,
    response: ApiKey,
  }),
  apiKeyRotate: def({
    method: 'POST',
    path: '/api/account/api-keys/:id/rotate',
    access: 'user',
    sessionOnly: true,
    summary: 'Replace a key’s secret: a new key with the same settings, the old one revoked',
    params: IdParams,
    response: ApiKeyCreated,
    status: 201,
    rateLimit: { max: 20 },
  }),
  apiKeyAdminList: def({
    method: 'GET',
    path: '/api/ops/api-keys',
    access: { role: 'admin' },
    sessionOnly: true,
    summary: "Every user's API keys (administrators)",
    query: ApiKeyAdminQuery,
    response: ApiKeyAdminList,
  }),
  apiKeyAdminRevoke: def({
    method: 'POST',
    path: '/api/ops/api-keys/:id/revoke',
    access: { role: 'admin' },
    sessionOnly: true,
    summary: "Revoke any user's API key (administrators)",
    params: IdParams,
    response: ApiKey,
  }),
} as const;
