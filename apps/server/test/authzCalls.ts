import { multipart } from './harness.js';
import type { Client } from './harness.js';
import type { Principal } from './authzMatrix.js';
import { uniquePng } from './authzWorld.js';
import type { World } from './authzWorld.js';

type Res = Awaited<ReturnType<Client['req']>>;

/** One request of the matrix: valid for the route, aimed at brand A's objects. */
export interface Call {
  method: string;
  url: string;
  body?: unknown;
  form?: { payload: Buffer; headers: Record<string, string> };
  headers?: Record<string, string>;
  /** Sent by this client instead of the principal's own (a second session, or a look-alike user). */
  as?: Client;
  /** Turns the answer into the status the table speaks of (lists: listed 200, not listed 404). */
  judge?: (res: Res) => number;
}
type Build = (w: World, p: Principal) => Call | Promise<Call>;

const PASSWORD = 'password-123';
const get = (url: string): Call => ({ method: 'GET', url });
const listed = (id: () => number) => (res: Res) =>
  res.statusCode !== 200 ? res.statusCode : res.json().items.some((u: { id: number }) => u.id === id()) ? 200 : 404;
const newUser = (w: World, over: Record<string, unknown>) => ({
  first_name: 'Made',
  last_name: 'ByMatrix',
  email: `made${w.next()}-${Date.now()}@example.com`,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  roles: ['member'],
  brands: [w.A.id],
  ...over,
});
const pngForm = async (fields: Record<string, string>, field: string) =>
  multipart(fields, [{ field, name: 'matrix.png', type: 'image/png', data: await uniquePng() }]);

/** A builder for every key of `expectations` and `probes` (checked by the test). */
export const calls: Record<string, Build> = {
  'GET /api/health': () => get('/api/health'),
  'GET /api/docs': () => get('/api/docs'),
  'GET /api/auth/csrf-cookie': () => get('/api/auth/csrf-cookie'),
  'POST /api/login': (w) => ({
    method: 'POST',
    url: '/api/login',
    body: { email: w.memberA.email, password: PASSWORD },
  }),
  'POST /api/logout': async (w, p) => ({ method: 'POST', url: '/api/logout', as: await w.session(p) }),
  'POST /api/auth/register': (w) => {
    const { roles: _r, brands: _b, ...body } = newUser(w, {});
    return { method: 'POST', url: '/api/auth/register', body };
  },
  'POST /api/auth/forgot-password': (w) => ({
    method: 'POST',
    url: '/api/auth/forgot-password',
    body: { email: w.memberA.email },
  }),
  'POST /api/auth/reset-password': async (w) => ({
    method: 'POST',
    url: '/api/auth/reset-password',
    body: await w.resetBody(),
  }),
  'GET /api/auth/me': () => get('/api/auth/me'),
  'PATCH /api/auth/user/update': () => ({ method: 'PATCH', url: '/api/auth/user/update', body: { company: 'Matrix' } }),
  // Changing a password ends the user's other sessions: a look-alike user does it.
  'PATCH /api/auth/user/password/update': async (w, p) => ({
    method: 'PATCH',
    url: '/api/auth/user/password/update',
    body: { current_password: PASSWORD, password: 'password-456', password_confirmation: 'password-456' },
    as: (await w.clone(p)).client,
  }),
  'GET /api/auth/check/isAuth': () => get('/api/auth/check/isAuth'),
  'GET /api/auth/check/isGuest': () => get('/api/auth/check/isGuest'),
  'GET /api/auth/check/hasVerifiedEmail': () => get('/api/auth/check/hasVerifiedEmail'),
  // Anonymous callers name the address; signed-in ones ask for themselves.
  'POST /api/auth/email/verification-notification': (w, p) => ({
    method: 'POST',
    url: '/api/auth/email/verification-notification',
    body: p === 'anonymous' ? { email: w.memberA.email } : {},
  }),
  'POST /api/auth/email/verify': async (w) => ({
    method: 'POST',
    url: '/api/auth/email/verify',
    body: await w.verifyBody(),
  }),

  'GET /api/ops/users/all': () => get('/api/ops/users/all'),
  'POST /api/ops/users/create': (w) => ({
    method: 'POST',
    url: '/api/ops/users/create',
    body: newUser(w, { roles: ['guest'] }),
  }),
  'GET /api/ops/users/:id': (w) => get(`/api/ops/users/${w.memberA.id}`),
  'PATCH /api/ops/users/:id/edit': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser()).id}/edit`,
    body: { first_name: 'Edited' },
  }),
  'PATCH /api/ops/users/:id/status/change': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser()).id}/status/change`,
    body: { status: 'INACTIVE' },
  }),
  'PATCH /api/ops/users/:id/login/unlock': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser()).id}/login/unlock`,
  }),
  'PATCH /api/ops/users/:id/status/approve': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser('A', { status: 'INACTIVE' })).id}/status/approve`,
  }),

  'GET /api/ops/brand/list': () => get('/api/ops/brand/list'),
  'GET /api/ops/brand/all': () => get('/api/ops/brand/all'),
  'POST /api/ops/brand/create': (w) => {
    const n = w.next();
    return { method: 'POST', url: '/api/ops/brand/create', body: { name: `Made ${n}`, slug: `made-${n}` } };
  },
  'GET /api/ops/brand/:id': (w) => get(`/api/ops/brand/${w.A.id}`),
  'POST /api/ops/brand/:id/update': (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/update`,
    body: { name: 'Matrix A' },
  }),
  'PATCH /api/ops/brand/:id/status/update': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/brand/${await w.freshBrand()}/status/update`,
    body: { status: 'INACTIVE' },
  }),

  'GET /api/ops/folder/tree': (w) => get(`/api/ops/folder/tree?brand_id=${w.A.id}`),
  'GET /api/ops/folder/tree/:id': (w) => get(`/api/ops/folder/tree/${w.priv}`),
  'POST /api/ops/folder/new': (w) => ({
    method: 'POST',
    url: '/api/ops/folder/new',
    body: { brand_id: w.A.id, parent_id: w.pub, name: `New ${w.next()}`, visibility: 'PUBLIC' },
  }),
  'GET /api/ops/folder/:id': (w) => get(`/api/ops/folder/${w.pub}`),
  'POST /api/ops/folder/:id/move': async (w) => ({
    method: 'POST',
    url: `/api/ops/folder/${await w.freshFolder()}/move`,
    body: { parent_id: w.A.root },
  }),
  'POST /api/ops/folder/:id/update': async (w) => ({
    method: 'POST',
    url: `/api/ops/folder/${await w.freshFolder()}/update`,
    body: { name: 'Renamed' },
  }),
  'GET /api/ops/folder/:id/get/assets': (w) => get(`/api/ops/folder/${w.pub}/get/assets`),
  'PUT /api/ops/folder/:id/status/change': async (w) => ({
    method: 'PUT',
    url: `/api/ops/folder/${await w.freshFolder()}/status/change`,
  }),
  'PUT /api/ops/folder/statistics': (w) => ({
    method: 'PUT',
    url: '/api/ops/folder/statistics',
    body: { ids: [w.pub, w.priv] },
  }),

  'GET /api/ops/asset/list/all/:id': (w) => get(`/api/ops/asset/list/all/${w.pub}`),
  'POST /api/ops/asset/list/all/:id': (w) => ({
    method: 'POST',
    url: `/api/ops/asset/list/all/${w.priv}`,
    body: { q: 'secret' },
  }),
  'GET /api/media/*': (w) => get(w.mediaUrl),

  'POST /api/ops/asset/:brandId/:folderId/new': async (w) => ({
    method: 'POST',
    url: `/api/ops/asset/${w.A.id}/${w.pub}/new`,
    form: await pngForm({}, 'files'),
  }),
  'PUT /api/ops/asset/:id/edit': async (w) => ({
    method: 'PUT',
    url: `/api/ops/asset/${await w.freshAsset()}/edit`,
    body: { description: 'Edited' },
  }),
  'GET /api/ops/asset/:id/view': (w) => get(`/api/ops/asset/${w.asset}/view`),
  'POST /api/ops/asset/all/move/:folderId': async (w) => ({
    method: 'POST',
    url: `/api/ops/asset/all/move/${w.A.root}`,
    body: { ids: [await w.freshAsset()] },
  }),
  'POST /api/ops/asset/:id/copy': (w) => ({
    method: 'POST',
    url: `/api/ops/asset/${w.asset}/copy`,
    body: { folder_id: w.pub },
  }),
  'PUT /api/ops/asset/:id/status/change': async (w) => ({
    method: 'PUT',
    url: `/api/ops/asset/${await w.freshAsset()}/status/change`,
  }),
  'GET /api/ops/asset/:id/download': (w) => get(`/api/ops/asset/${w.asset}/download`),
  'PUT /api/ops/asset/statistics': (w) => ({
    method: 'PUT',
    url: '/api/ops/asset/statistics',
    body: { brand_id: w.A.id },
  }),
  'POST /api/ops/asset/version/new': async (w) => ({
    method: 'POST',
    url: '/api/ops/asset/version/new',
    form: await pngForm({ asset_id: String(await w.freshAsset()) }, 'file'),
  }),
  'GET /api/ops/asset/:id/version/all': (w) => get(`/api/ops/asset/${w.asset}/version/all`),
  // Restoring version 1 adds a version each time, so the same asset serves every principal.
  'POST /api/ops/asset/:id/version/:number/restore': (w) => ({
    method: 'POST',
    url: `/api/ops/asset/${w.versioned}/version/1/restore`,
  }),

  'ALL /api/uploads': (w) => ({ method: 'POST', url: '/api/uploads', headers: w.tusHeaders(w.pub) }),
  'ALL /api/uploads/*': (w) => ({ method: 'HEAD', url: w.adminUpload, headers: { 'tus-resumable': '1.0.0' } }),

  // ---- probes
  'GET /api/ops/folder/:id | the PRIVATE folder': (w) => get(`/api/ops/folder/${w.priv}`),
  'GET /api/ops/asset/:id/view | an asset in the PRIVATE folder': (w) => get(`/api/ops/asset/${w.privAsset}/view`),
  'GET /api/ops/asset/:id/download | an asset in the PRIVATE folder': (w) =>
    get(`/api/ops/asset/${w.privAsset}/download`),
  'GET /api/ops/users/all | is a brand-A member listed': (w) => ({
    ...get(`/api/ops/users/all?search=${encodeURIComponent(w.memberA.email)}`),
    judge: listed(() => w.memberA.id),
  }),
  'GET /api/ops/users/all | is a brand-B member listed': (w) => ({
    ...get(`/api/ops/users/all?search=${encodeURIComponent(w.memberB.email)}`),
    judge: listed(() => w.memberB.id),
  }),
  'GET /api/ops/users/:id | a brand-B member': (w) => get(`/api/ops/users/${w.memberB.id}`),
  'PATCH /api/ops/users/:id/edit | a brand-B member': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser('B')).id}/edit`,
    body: { first_name: 'Edited' },
  }),
  'PATCH /api/ops/users/:id/edit | an administrator': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser('A', { roles: ['admin'] })).id}/edit`,
    body: { first_name: 'Edited' },
  }),
  'PATCH /api/ops/users/:id/status/change | deactivate an administrator': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser('A', { roles: ['admin'] })).id}/status/change`,
    body: { status: 'INACTIVE' },
  }),
  'PATCH /api/ops/users/:id/status/approve | an inactive administrator': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser('A', { roles: ['admin'], status: 'INACTIVE' })).id}/status/approve`,
  }),
  'PATCH /api/ops/users/:id/edit | give a brand-A member the admin role': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser()).id}/edit`,
    body: { roles: ['admin'] },
  }),
  // A look-alike of the principal edits itself, so a success does not widen the principal.
  'PATCH /api/ops/users/:id/edit | give oneself brand.manage': async (w, p) => {
    const self = await w.clone(p);
    return {
      method: 'PATCH',
      url: `/api/ops/users/${self.id}/edit`,
      body: { permissions: p === 'direct' ? ['user.manage', 'brand.manage'] : ['brand.manage'] },
      as: self.client,
    };
  },
  'PATCH /api/ops/users/:id/login/unlock | an administrator': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await w.freshUser('A', { roles: ['admin'] })).id}/login/unlock`,
  }),
  'POST /api/ops/users/create | a member (more than a guest holds)': (w) => ({
    method: 'POST',
    url: '/api/ops/users/create',
    body: newUser(w, {}),
  }),
  'POST /api/ops/users/create | an administrator': (w) => ({
    method: 'POST',
    url: '/api/ops/users/create',
    body: newUser(w, { roles: ['admin'] }),
  }),
  'POST /api/ops/users/create | a guest holding brand.manage': (w) => ({
    method: 'POST',
    url: '/api/ops/users/create',
    body: newUser(w, { roles: ['guest'], permissions: ['brand.manage'] }),
  }),
  'POST /api/ops/users/create | a guest of brand B': (w) => ({
    method: 'POST',
    url: '/api/ops/users/create',
    body: newUser(w, { roles: ['guest'], brands: [w.B.id] }),
  }),
};
