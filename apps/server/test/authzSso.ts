import { randomBytes } from 'node:crypto';
import { sha256 } from '../src/lib/crypto.js';
import type { Build, Call } from './authzCalls.js';
import type { World } from './authzWorld.js';

/**
 * The matrix's calls of single sign-on (issue 41 §1). The provider is a row whose issuer does not
 * answer (the flow's network half is sso.test.ts's); the one-time codes are written as the
 * callback leaves them, for a fresh member of brand A each time.
 */

const once = <T>(make: (w: World) => Promise<T>) => {
  const made = new WeakMap<World, Promise<T>>();
  return (w: World) => {
    let p = made.get(w);
    if (!p) made.set(w, (p = make(w)));
    return p;
  };
};

async function freshProvider(w: World) {
  const at = new Date().toISOString();
  const row = await w.db
    .insertInto('oidc_providers')
    .values({
      label: `Matrix IdP ${w.next()}`,
      issuer: 'http://127.0.0.1:9',
      client_id: 'matrix',
      client_secret: null,
      scopes: 'openid email',
      allow_signup: 0,
      allowed_domains: '[]',
      preapproved_domains: '[]',
      claim_mapping: null,
      enabled: 1,
      from_env: 0,
      status: 'unchecked',
      status_reason: null,
      checked_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const providerOf = once(freshProvider);

/** A one-time code of `kind` for a fresh member (with their identity when it is a sign-in). */
async function pendingCode(w: World, kind: 'signin' | 'link', mail = false) {
  const providerId = await providerOf(w);
  const user = await w.freshUser();
  const sub = `matrix-${w.next()}-${Date.now()}`;
  const at = new Date();
  if (kind === 'signin')
    await w.db
      .insertInto('user_identities')
      .values({
        user_id: user.id,
        provider_id: providerId,
        issuer: 'http://127.0.0.1:9',
        sub,
        email: user.email,
        created_at: at.toISOString(),
        last_login_at: null,
      })
      .execute();
  const code = randomBytes(32).toString('base64url');
  const mailCode = randomBytes(32).toString('base64url');
  await w.db
    .insertInto('sso_pending')
    .values({
      kind,
      code_hash: sha256(code),
      mail_hash: mail ? sha256(mailCode) : null,
      user_id: user.id,
      provider_id: providerId,
      issuer: 'http://127.0.0.1:9',
      sub,
      email: user.email,
      claims: '{}',
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + 600_000).toISOString(),
      used_at: null,
    })
    .execute();
  return mail ? mailCode : code;
}

const post = (url: string, body: unknown): Call => ({ method: 'POST', url, body });

export const ssoCalls: Record<string, Build> = {
  'GET /api/sso/providers': () => ({ method: 'GET', url: '/api/sso/providers' }),
  'GET /api/sso/providers/:id/start': async (w) => ({
    method: 'GET',
    url: `/api/sso/providers/${await providerOf(w)}/start`,
  }),
  'GET /api/sso/callback': () => ({ method: 'GET', url: '/api/sso/callback?code=x&state=y' }),
  'POST /api/sso/complete': async (w) => post('/api/sso/complete', { code: await pendingCode(w, 'signin') }),
  'POST /api/sso/link/info': async (w) => post('/api/sso/link/info', { code: await pendingCode(w, 'link') }),
  'POST /api/sso/link/password': async (w) =>
    post('/api/sso/link/password', { code: await pendingCode(w, 'link'), password: 'password-123' }),
  'POST /api/sso/link/mail': async (w) => post('/api/sso/link/mail', { code: await pendingCode(w, 'link') }),
  'POST /api/sso/link/confirm': async (w) =>
    post('/api/sso/link/confirm', { code: await pendingCode(w, 'link', true) }),
  // The provider's server-to-server call: an unsigned token is refused whoever sends it.
  'POST /api/sso/backchannel-logout/:id': async (w) => ({
    method: 'POST',
    url: `/api/sso/backchannel-logout/${await providerOf(w)}`,
    body: { logout_token: 'not.a.token' },
  }),
  'GET /api/ops/sso/providers': () => ({ method: 'GET', url: '/api/ops/sso/providers' }),
  'POST /api/ops/sso/providers': (w) =>
    post('/api/ops/sso/providers', { label: `Matrix ${w.next()}`, issuer: 'http://127.0.0.1:9', client_id: 'matrix' }),
  'PATCH /api/ops/sso/providers/:id': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/sso/providers/${await freshProvider(w)}`,
    body: { label: 'Renamed' },
  }),
  'DELETE /api/ops/sso/providers/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/sso/providers/${await freshProvider(w)}`,
  }),
  'POST /api/ops/sso/providers/:id/test': async (w) =>
    post(`/api/ops/sso/providers/${await providerOf(w)}/test`, undefined),
  'GET /api/ops/sso/roles': () => ({ method: 'GET', url: '/api/ops/sso/roles' }),
  'PUT /api/ops/sso/roles/:id': async (w) => {
    const role = await w.db.selectFrom('roles').select('id').where('name', '=', 'guest').executeTakeFirstOrThrow();
    return { method: 'PUT', url: `/api/ops/sso/roles/${role.id}`, body: { sso_only: false } };
  },
};
