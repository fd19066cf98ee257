import { sha256 } from '../src/lib/crypto.js';
import type { Build, Call } from './authzCalls.js';
import type { Principal } from './authzMatrix.js';
import type { World } from './authzWorld.js';

/** The matrix's calls of API keys (issue 41 §3). */

/** A key row of `userId` written straight to the database (its secret is never needed). */
async function keyOf(w: World, userId: number) {
  const at = new Date().toISOString();
  const row = await w.db
    .insertInto('api_keys')
    .values({
      user_id: userId,
      name: `Matrix ${w.next()}`,
      key_hash: sha256(`matrix-${w.next()}-${Math.random()}`),
      last4: 'abcd',
      scopes_json: '["brand.view"]',
      expires_at: null,
      created_at: at,
      last_used_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The caller's own key: made through their session; brand A's member's for callers without one. */
async function ownKey(w: World, p: Principal) {
  if (p === 'anonymous' || p === 'apiKey') return keyOf(w, w.memberA.id);
  const r = await w.clients[p].post('/api/account/api-keys', { name: 'Own', expires_at: null, scopes: ['brand.view'] });
  if (r.statusCode !== 201) throw new Error(`api key: ${r.statusCode} ${r.body}`);
  return r.json().api_key.id as number;
}

const post = (url: string, body?: unknown): Call => ({ method: 'POST', url, body });

export const apiKeyCalls: Record<string, Build> = {
  'GET /api/account/api-keys': () => ({ method: 'GET', url: '/api/account/api-keys' }),
  'POST /api/account/api-keys': () =>
    post('/api/account/api-keys', { name: 'Matrix', expires_at: null, scopes: ['brand.view'] }),
  'POST /api/account/api-keys/:id/revoke': async (w, p) => post(`/api/account/api-keys/${await ownKey(w, p)}/revoke`),
  'POST /api/account/api-keys/:id/rotate': async (w, p) => post(`/api/account/api-keys/${await ownKey(w, p)}/rotate`),
  'GET /api/ops/api-keys': () => ({ method: 'GET', url: '/api/ops/api-keys' }),
  'POST /api/ops/api-keys/:id/revoke': async (w) => post(`/api/ops/api-keys/${await keyOf(w, w.memberA.id)}/revoke`),
  "POST /api/account/api-keys/:id/revoke | another user's key": async (w) =>
    post(`/api/account/api-keys/${await keyOf(w, w.memberA.id)}/revoke`),
  "POST /api/account/api-keys/:id/rotate | another user's key": async (w) =>
    post(`/api/account/api-keys/${await keyOf(w, w.memberA.id)}/rotate`),
  "GET /api/ops/api-keys | lists brand A member's key": async (w) => {
    const id = await keyOf(w, w.memberA.id);
    return {
      method: 'GET',
      url: `/api/ops/api-keys?user_id=${w.memberA.id}`,
      judge: (res) =>
        res.statusCode !== 200 ? res.statusCode : res.json().items.some((k: { id: number }) => k.id === id) ? 200 : 404,
    };
  },
};
