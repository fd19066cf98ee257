import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { enqueueAny } from '../src/jobs/queue.js';
import { downloadKey } from '../src/modules/downloads/downloads.build.js';
import { multipart } from './harness.js';
import type { Client } from './harness.js';
import type { Principal } from './authzMatrix.js';
import { uniquePng } from './authzWorld.js';
import type { World } from './authzWorld.js';
import { metadataCalls } from './authzMetadata.js';
import { savedSearchCalls } from './authzSavedSearches.js';
import { rightsCalls } from './authzRights.js';
import { guidelineCalls } from './authzGuidelines.js';
import { guidelineLinkCalls } from './authzGuidelineLinks.js';
import { labelCalls } from './authzLabels.js';
import { ssoCalls } from './authzSso.js';
import { peopleCalls } from './authzPeople.js';
import { embedMappingCalls } from './authzEmbed.js';
import { uploadRequestCalls } from './authzUploadRequests.js';
import { apiKeyCalls } from './authzApiKeys.js';
import { twoFactorCalls } from './authzTwoFactor.js';

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
export type Build = (w: World, p: Principal) => Call | Promise<Call>;

const PASSWORD = 'password-123';
/** A small crop any picture of the world allows without upscaling. */
const CROP = 'x=0&y=0&w=0.5&h=0.5&width=1&format=png';
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
const invitee = (w: World, roles: string[], brands: number[]) => ({
  email: `invited${w.next()}-${Date.now()}@example.com`,
  roles,
  brands,
});
/** A role nobody holds, made for one call (the admin's call changes or deletes it). */
const freshRole = async (w: World) =>
  (
    await w.db
      .insertInto('roles')
      .values({ name: `matrix-${w.next()}-${Date.now()}`, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
/** An unread notification of `userId` (no comment behind it: the matrix only reads and marks it). */
const notificationOf = async (w: World, userId: number) =>
  (
    await w.db
      .insertInto('notifications')
      .values({ user_id: userId, kind: 'share', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
/** The signed-in principal's own user id (brand A's member's for anonymous callers). */
const selfId = async (w: World, p: Principal) =>
  p === 'anonymous' ? w.memberA.id : ((await w.clients[p].get('/api/auth/me')).json().session_user.id as number);
/** A queued job owned by `ownerId`, under a name no worker runs (it stays queued). */
const ownedJob = async (w: World, ownerId: number) => (await enqueueAny(w.db, 'matrix.job', {}, { ownerId }))!;
/** A ready zip of `ownerId` (a row and a small file in storage, as the build job leaves them). */
const readyDownload = async (w: World, ownerId: number) => {
  const now = new Date();
  const { id } = await w.db
    .insertInto('downloads')
    .values({
      user_id: ownerId,
      brand_id: w.A.id,
      format: 'zip',
      layout: 'pages',
      name: 'Matrix.zip',
      state: 'ready',
      request: JSON.stringify({ asset_ids: [w.asset], folder_ids: [] }),
      lang: 'en',
      contents: JSON.stringify([w.asset]),
      files: 1,
      skipped: 0,
      size: 4,
      created_at: now.toISOString(),
      ready_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await w.storage.put(downloadKey(id), Buffer.from('PK\x05\x06'));
  await w.db
    .updateTable('downloads')
    .set({ blob_key: downloadKey(id) })
    .where('id', '=', id)
    .execute();
  return id;
};
/** The signed address of a ready download of the principal (the admin's, for anonymous callers). */
const downloadUrl = async (w: World, p: Principal) => {
  const owner = p === 'anonymous' ? w.admin : w.clients[p];
  const me = (await owner.get('/api/auth/me')).json().session_user.id as number;
  const r = await owner.get(`/api/ops/asset/download/${await readyDownload(w, me)}`);
  if (r.statusCode !== 200) throw new Error(`download: ${r.statusCode} ${r.body}`);
  return r.json().url as string;
};
/** An asset template import of `ownerId` in `state` (a row, as an upload and its preview leave it). */
const importOf = async (w: World, ownerId: number, state = 'ready') => {
  const at = new Date().toISOString();
  const { id } = await w.db
    .insertInto('template_imports')
    .values({
      user_id: ownerId,
      kind: 'assets',
      brand_id: w.A.id,
      name: 'matrix.xlsx',
      state,
      lang: 'en',
      rows_total: 0,
      n_change: 0,
      n_refused: 0,
      n_unchanged: 0,
      created_at: at,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};
/** The principal's own user id, brand A's member's for anonymous callers. */
const ownId = async (w: World, p: Principal) => (p === 'anonymous' ? w.memberA.id : selfId(w, p));
/** A small xlsx as the template field of a form. */
const templateForm = async () => {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Assets').addRow(['ID', 'Name']);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  return multipart({}, [{ field: 'template', name: 'matrix.xlsx', type: 'application/octet-stream', data }]);
};

/** A NAS sync source of brand A (a directory under the app's sync root), made by the administrator. */
const syncBody = (w: World) => {
  const dir = join(w.syncRoot, `matrix-${w.A.id}`);
  mkdirSync(dir, { recursive: true });
  return { name: `Matrix NAS ${w.next()}`, path: dir, brand_id: w.A.id, folder_id: w.pub, schedule: 'manual' };
};
async function freshSyncSource(w: World) {
  const r = await w.clients.admin.post('/api/asset/sync/source', syncBody(w));
  if (r.statusCode !== 201) throw new Error(`sync source: ${r.statusCode} ${r.body}`);
  return r.json().source.id as number;
}
const syncSources = new WeakMap<World, Promise<{ source: number; run: number }>>();
/** One source of brand A with one run, shared by the calls that only read. */
function syncSourceOf(w: World) {
  let p = syncSources.get(w);
  if (!p) {
    p = (async () => {
      const source = await freshSyncSource(w);
      const r = await w.clients.admin.post(`/api/asset/sync/source/${source}/run`);
      if (r.statusCode !== 202) throw new Error(`sync run: ${r.statusCode} ${r.body}`);
      return { source, run: r.json().run.id as number };
    })();
    syncSources.set(w, p);
  }
  return p;
}

/** A webhook of brand A to a closed loopback port (the matrix's app allows loopback), by the administrator. */
const webhookBody = (w: World) => ({
  brand_id: w.A.id,
  url: `http://127.0.0.1:9/matrix-${w.next()}`,
  events: ['asset.created'],
});
async function freshWebhook(w: World) {
  const r = await w.clients.admin.post('/api/brand/webhook', webhookBody(w));
  if (r.statusCode !== 201) throw new Error(`webhook: ${r.statusCode} ${r.body}`);
  return r.json().webhook.id as number;
}
/** A webhook with one delivery (a test event), for "send again". */
async function webhookDelivery(w: World) {
  const id = await freshWebhook(w);
  const r = await w.clients.admin.post(`/api/brand/webhook/${id}/test`);
  if (r.statusCode !== 202) throw new Error(`webhook test: ${r.statusCode} ${r.body}`);
  return { id, delivery: r.json().delivery.id as number };
}

/** Brand A's watermark image, set once by the administrator (what `GET asset/watermark` answers). */
const watermarked = new WeakSet<World>();
async function watermarkOf(w: World) {
  if (watermarked.has(w)) return;
  const r = await w.clients.admin.form('POST', `/api/ops/brand/${w.A.id}/watermark`, await pngForm({}, 'image'));
  if (r.statusCode !== 200) throw new Error(`watermark: ${r.statusCode} ${r.body}`);
  watermarked.add(w);
}
const pngForm = async (fields: Record<string, string>, field: string) =>
  multipart(fields, [{ field, name: 'matrix.png', type: 'image/png', data: await uniquePng() }]);

/** A photo uploaded for `userId`, waiting to be set (made directly: the upload route is rate limited). */
const stagedPhoto = async (w: World, userId: number) => {
  const key = `photo-uploads/matrix/${w.next()}-${Date.now()}`;
  await w.storage.put(key, await uniquePng());
  const row = { user_id: userId, uploaded_by: null, original_key: key, created_at: new Date().toISOString() };
  return (await w.db.insertInto('user_photo_uploads').values(row).returning('id').executeTakeFirstOrThrow()).id;
};
const photoForm = async () =>
  multipart({}, [{ field: 'photo', name: 'me.png', type: 'image/png', data: await uniquePng() }]);
const photoUpload = async (id: number): Promise<Call> => ({
  method: 'POST',
  url: `/api/ops/users/${id}/photo/upload`,
  form: await photoForm(),
});
const photoUpdate = async (w: World, id: number): Promise<Call> => ({
  method: 'POST',
  url: `/api/ops/users/${id}/photo/${await stagedPhoto(w, id)}/update`,
  body: { crop: { x: 0, y: 0, width: 8, height: 8 } },
});

/**
 * A fresh target with the principal's own shortcut to it already made (none for anonymous, and
 * none for a principal that cannot see it: its update and delete then find nothing).
 */
const withShortcut = async (w: World, p: Principal, kind: 'asset' | 'folder') => {
  const id = kind === 'asset' ? await w.freshAsset() : await w.freshFolder();
  if (p !== 'anonymous') await w.clients[p].post(`/api/ops/${kind}/${id}/shortcut/create`, { name: 'Matrix' });
  return id;
};
const shortcutCall = (method: string, kind: 'asset' | 'folder', action: string) => async (w: World, p: Principal) => ({
  method,
  url: `/api/ops/${kind}/${await withShortcut(w, p, kind)}/shortcut/${action}`,
  ...(method === 'PATCH' ? { body: { name: 'Renamed' } } : {}),
});
/** A folder of brand A the administrator has just moved to the Trash. */
async function trashedFolder(w: World) {
  const id = await w.freshFolder();
  const r = await w.admin.put(`/api/ops/folder/${id}/status/change`);
  if (r.statusCode !== 200) throw new Error(`trash: ${r.statusCode} ${r.body}`);
  return id;
}
/** An asset of brand A the administrator just removed: it waits in the brand's Trash. */
async function removedAsset(w: World) {
  const id = await w.freshAsset();
  const r = await w.admin.put(`/api/ops/asset/${id}/status/change`);
  if (r.statusCode !== 200) throw new Error(`remove: ${r.statusCode} ${r.body}`);
  return id;
}
/** A collection of the principal's own (anonymous callers name the administrator's). */
async function ownCollection(w: World, p: Principal) {
  const c = p === 'anonymous' ? w.admin : w.clients[p];
  const r = await c.post('/api/ops/collection/new', { name: `Matrix ${w.next()}` });
  if (r.statusCode !== 201) throw new Error(`collection: ${r.statusCode} ${r.body}`);
  return r.json().collection.id as number;
}
/** A collection of brand A's member (a user no principal is). */
async function othersCollection(w: World) {
  const at = new Date().toISOString();
  const row = await w.db
    .insertInto('collections')
    .values({ owner_id: w.memberA.id, name: `Theirs ${w.next()}`, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const post = (url: string, body: unknown): Call => ({ method: 'POST', url, body });
/** A comment on the world's PUBLIC asset by the principal (the administrator's for those who cannot write there). */
async function ownComment(w: World, p: Principal) {
  const c = p === 'anonymous' || p === 'otherBrand' ? w.admin : w.clients[p];
  const r = await c.post(`/api/ops/asset/${w.asset}/comment/add`, { body: `Matrix ${w.next()}` });
  if (r.statusCode !== 201) throw new Error(`comment: ${r.statusCode} ${r.body}`);
  return r.json().comment.id as number;
}
/** A comment of brand A's member (a user no principal is) on the world's PUBLIC asset. */
async function othersComment(w: World) {
  const row = await w.db
    .insertInto('comments')
    .values({
      asset_id: w.asset,
      user_id: w.memberA.id,
      version: 1,
      body: 'Theirs',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const commentUrl = (w: World, id: number, action: string) => `/api/ops/asset/${w.asset}/comment/${id}/${action}`;

/** A builder for every key of `expectations` and `probes` (checked by the test). */
export const calls: Record<string, Build> = {
  'GET /api/health': () => get('/api/health'),
  'GET /api/health/ready': () => get('/api/health/ready'),
  'GET /api/docs': () => get('/api/docs'),
  'GET /api/metrics': () => get('/api/metrics'),
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
  'POST /api/auth/reset-password/check': async (w) => {
    const { token, email } = await w.resetBody();
    return { method: 'POST', url: '/api/auth/reset-password/check', body: { token, email } };
  },
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
  'PATCH /api/auth/user/tour/update': () => ({
    method: 'PATCH',
    url: '/api/auth/user/tour/update',
    body: { outcome: 'completed' },
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
  'POST /api/ops/users/invite': (w) => ({
    method: 'POST',
    url: '/api/ops/users/invite',
    body: invitee(w, ['guest'], [w.A.id]),
  }),
  'GET /api/organisation': () => get('/api/organisation'),
  'GET /api/brand-face': (w) =>
    get(
      `/api/brand-face?next=${encodeURIComponent(`/collections/shared/${w.shared.collection}/using/${w.shared.token}`)}`,
    ),
  'GET /api/ops/setup': () => get('/api/ops/setup'),
  'PUT /api/ops/setup/organisation': (w) => ({
    method: 'PUT',
    url: '/api/ops/setup/organisation',
    body: { name: `Matrix Org ${w.next()}` },
  }),
  'POST /api/ops/setup/finish': () => ({ method: 'POST', url: '/api/ops/setup/finish', body: { outcome: 'skipped' } }),
  'GET /api/ops/roles/all': () => get('/api/ops/roles/all'),
  'POST /api/ops/roles/create': (w) => ({
    method: 'POST',
    url: '/api/ops/roles/create',
    body: { name: `made-${w.next()}-${Date.now()}`, permissions: ['asset.view'] },
  }),
  'PATCH /api/ops/roles/:id/update': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/roles/${await freshRole(w)}/update`,
    body: { permissions: ['asset.view', 'brand.view'] },
  }),
  'DELETE /api/ops/roles/:id/delete': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/roles/${await freshRole(w)}/delete`,
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
  'GET /api/ops/users/grantable': () => get('/api/ops/users/grantable'),
  'POST /api/ops/users/:id/photo/upload': async (w) => photoUpload((await w.freshUser()).id),
  'POST /api/ops/users/:id/photo/:photoId/update': async (w) => photoUpdate(w, (await w.freshUser()).id),
  'DELETE /api/ops/users/:id/photo': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/users/${(await w.freshUser()).id}/photo`,
  }),
  // A second session: starting replaces the caller's token, which the other rows still use.
  'POST /api/ops/users/:id/switch': async (w, p) => ({
    method: 'POST',
    url: `/api/ops/users/${(await w.freshUser()).id}/switch`,
    as: await w.session(p),
  }),
  // Nobody of the matrix is emulating, so ending (with the admin's id, the only valid one) is refused.
  'POST /api/ops/users/:id/switch/end': async (w) => ({
    method: 'POST',
    url: `/api/ops/users/${await selfId(w, 'admin')}/switch/end`,
  }),

  'GET /api/ops/brand/list': () => get('/api/ops/brand/list'),
  'GET /api/ops/brand/all': () => get('/api/ops/brand/all'),
  'GET /api/ops/audit/all': () => get('/api/ops/audit/all?section=users'),
  'GET /api/ops/audit/recent': () => get('/api/ops/audit/recent?limit=5'),
  'POST /api/ops/audit/verify': () => post('/api/ops/audit/verify', {}),
  'GET /api/ops/extension/all': () => get('/api/ops/extension/all?status=ACTIVE'),
  'GET /api/ops/extension/allowed': () => get('/api/ops/extension/allowed'),
  'POST /api/ops/extension/create': (w) => ({
    method: 'POST',
    url: '/api/ops/extension/create',
    body: { name: `mx${w.next()}`, mime_type: 'application/x-matrix' },
  }),
  'PUT /api/ops/extension/:id/status/change': async (w) => {
    const at = new Date().toISOString();
    const row = await w.db
      .insertInto('extensions')
      .values({
        name: `ms${w.next()}`,
        mime_type: 'application/x-matrix',
        asset_type: 'other',
        status: 'ACTIVE',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { method: 'PUT', url: `/api/ops/extension/${row.id}/status/change`, body: { status: 'INACTIVE' } };
  },
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
  'GET /api/asset/watermark': async (w) => {
    await watermarkOf(w);
    return get(`/api/asset/watermark?brand_id=${w.A.id}`);
  },
  'GET /api/ops/brand/:id/watermark': (w) => get(`/api/ops/brand/${w.A.id}/watermark`),
  'POST /api/ops/brand/:id/watermark': (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/watermark`,
    body: { opacity: 40 },
  }),
  'GET /api/ops/brand/:id/crop/presets': (w) => get(`/api/ops/brand/${w.A.id}/crop/presets`),
  'PUT /api/ops/brand/:id/crop/presets': (w) => ({
    method: 'PUT',
    url: `/api/ops/brand/${w.A.id}/crop/presets`,
    body: { presets: [{ name: 'Instagram post', width: 1080, height: 1350 }] },
  }),
  'GET /api/ops/report/get/users/all': () => get('/api/ops/report/get/users/all?status=ACTIVE'),
  'POST /api/ops/report/get/asset/template': (w) => ({
    method: 'POST',
    url: '/api/ops/report/get/asset/template',
    body: { folder_ids: [w.pub] },
  }),
  'POST /api/ops/report/send/asset/template': (w) => ({
    method: 'POST',
    url: '/api/ops/report/send/asset/template',
    body: { folder_ids: [w.pub] },
  }),
  'POST /api/ops/report/send/user/template': () => ({
    method: 'POST',
    url: '/api/ops/report/send/user/template',
    body: { status: 'ACTIVE' },
  }),
  'POST /api/ops/report/get/audit/template': () => ({
    method: 'POST',
    url: '/api/ops/report/get/audit/template',
    body: { section: 'users' },
  }),
  'POST /api/ops/report/update/asset/template': async () => ({
    method: 'POST',
    url: '/api/ops/report/update/asset/template',
    form: await templateForm(),
  }),
  'POST /api/ops/report/update/user/template': async () => ({
    method: 'POST',
    url: '/api/ops/report/update/user/template',
    form: await templateForm(),
  }),
  'GET /api/ops/report/import/list': () => get('/api/ops/report/import/list'),
  'GET /api/ops/report/import/:id': async (w) => get(`/api/ops/report/import/${await importOf(w, w.memberA.id)}`),
  'GET /api/ops/report/import/:id/rows': async (w) =>
    get(`/api/ops/report/import/${await importOf(w, w.memberA.id)}/rows`),
  'POST /api/ops/report/import/:id/apply': async (w) => ({
    method: 'POST',
    url: `/api/ops/report/import/${await importOf(w, w.memberA.id)}/apply`,
    body: {},
  }),
  'POST /api/ops/report/import/:id/cancel': async (w) => ({
    method: 'POST',
    url: `/api/ops/report/import/${await importOf(w, w.memberA.id)}/cancel`,
  }),
  'GET /api/ops/report/import/:id/result': async (w) =>
    get(`/api/ops/report/import/${await importOf(w, w.memberA.id, 'applied')}/result`),
  'GET /api/asset/sync/roots': () => get('/api/asset/sync/roots'),
  'GET /api/asset/sync/source/list': async (w) => {
    const { source } = await syncSourceOf(w);
    return { ...get(`/api/asset/sync/source/list?per_page=100`), judge: listed(() => source) };
  },
  'GET /api/asset/sync/source/:id': async (w) => get(`/api/asset/sync/source/${(await syncSourceOf(w)).source}`),
  'POST /api/asset/sync/source': (w) => ({ method: 'POST', url: '/api/asset/sync/source', body: syncBody(w) }),
  'PUT /api/asset/sync/source/:id': async (w) => ({
    method: 'PUT',
    url: `/api/asset/sync/source/${await freshSyncSource(w)}`,
    body: syncBody(w),
  }),
  'DELETE /api/asset/sync/source/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/asset/sync/source/${await freshSyncSource(w)}`,
  }),
  'POST /api/asset/sync/source/:id/run': async (w) => ({
    method: 'POST',
    url: `/api/asset/sync/source/${await freshSyncSource(w)}/run`,
  }),
  'GET /api/asset/sync/source/:id/runs': async (w) =>
    get(`/api/asset/sync/source/${(await syncSourceOf(w)).source}/runs`),
  'GET /api/asset/sync/run/:id': async (w) => get(`/api/asset/sync/run/${(await syncSourceOf(w)).run}`),
  'GET /api/asset/sync/run/:id/items': async (w) => get(`/api/asset/sync/run/${(await syncSourceOf(w)).run}/items`),
  'GET /api/brand/webhook/list': (w) => get(`/api/brand/webhook/list?brand_id=${w.A.id}`),
  'POST /api/brand/webhook': (w) => post('/api/brand/webhook', webhookBody(w)),
  'GET /api/brand/webhook/:id': async (w) => get(`/api/brand/webhook/${await freshWebhook(w)}`),
  'PUT /api/brand/webhook/:id': async (w) => ({
    method: 'PUT',
    url: `/api/brand/webhook/${await freshWebhook(w)}`,
    body: { url: 'http://127.0.0.1:9/changed', events: ['asset.updated'] },
  }),
  'DELETE /api/brand/webhook/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/brand/webhook/${await freshWebhook(w)}`,
  }),
  'POST /api/brand/webhook/:id/rotate': async (w) => ({
    method: 'POST',
    url: `/api/brand/webhook/${await freshWebhook(w)}/rotate`,
  }),
  'POST /api/brand/webhook/:id/enable': async (w) => ({
    method: 'POST',
    url: `/api/brand/webhook/${await freshWebhook(w)}/enable`,
  }),
  'POST /api/brand/webhook/:id/test': async (w) => ({
    method: 'POST',
    url: `/api/brand/webhook/${await freshWebhook(w)}/test`,
  }),
  'GET /api/brand/webhook/:id/deliveries': async (w) => get(`/api/brand/webhook/${await freshWebhook(w)}/deliveries`),
  'POST /api/brand/webhook/:id/deliveries/:deliveryId/redeliver': async (w) => {
    const { id, delivery } = await webhookDelivery(w);
    return { method: 'POST', url: `/api/brand/webhook/${id}/deliveries/${delivery}/redeliver` };
  },
  'POST /api/ops/watermark/trace': async () => ({
    method: 'POST',
    url: '/api/ops/watermark/trace',
    form: await pngForm({}, 'file'),
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
    // Sibling folders cannot share a name: each call renames its own folder to its own name.
    body: { name: `Renamed ${w.next()}` },
  }),
  'GET /api/ops/folder/:id/get/assets': (w) => get(`/api/ops/folder/${w.pub}/get/assets`),
  'PUT /api/ops/folder/:id/status/change': async (w) => ({
    method: 'PUT',
    url: `/api/ops/folder/${await w.freshFolder()}/status/change`,
  }),
  'GET /api/ops/folder/trash': (w) => get(`/api/ops/folder/trash?brand_id=${w.A.id}`),
  'POST /api/ops/folder/:id/restore': async (w) => ({
    method: 'POST',
    url: `/api/ops/folder/${await trashedFolder(w)}/restore`,
  }),
  'DELETE /api/ops/folder/:id/purge': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/folder/${await trashedFolder(w)}/purge`,
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
  'GET /api/ops/asset/:id/visuals': (w) => get(`/api/ops/asset/${w.asset}/visuals`),
  'GET /api/ops/asset/:id/similar': (w) => get(`/api/ops/asset/${w.asset}/similar`),
  'GET /api/ops/asset/:id/text': (w) => get(`/api/ops/asset/${w.asset}/text`),
  'GET /api/ops/asset/:id/text.txt': (w) => get(`/api/ops/asset/${w.asset}/text.txt`),
  'POST /api/ops/brand/:id/visuals/backfill': (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/visuals/backfill`,
  }),
  'GET /api/ops/brand/:id/analysis': (w) => get(`/api/ops/brand/${w.A.id}/analysis`),
  'PUT /api/ops/brand/:id/analysis': (w) => ({
    method: 'PUT',
    url: `/api/ops/brand/${w.A.id}/analysis`,
    body: { text: true, objects: true, colours: true, object_threshold: 0.4 },
  }),
  'POST /api/ops/brand/:id/analysis/backfill': (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/analysis/backfill`,
  }),
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
  'GET /api/ops/asset/trash': (w) => get(`/api/ops/asset/trash?brand_id=${w.A.id}`),
  'DELETE /api/ops/asset/:id/purge': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/asset/${await removedAsset(w)}/purge`,
  }),
  'PUT /api/ops/asset/:id/status/change': async (w) => ({
    method: 'PUT',
    url: `/api/ops/asset/${await w.freshAsset()}/status/change`,
  }),
  // Oldest first: the world's first upload is on the first page however many the matrix adds.
  'GET /api/ops/asset/all': (w) => ({
    ...get('/api/ops/asset/all?sort=date&dir=asc&per_page=200'),
    judge: listed(() => w.asset),
  }),
  'POST /api/ops/asset/all/status/change': async (w) =>
    post('/api/ops/asset/all/status/change', { ids: [await w.freshAsset()], status: 'INACTIVE' }),
  'GET /api/ops/asset/:id/download': (w) => get(`/api/ops/asset/${w.asset}/download`),
  'GET /api/ops/asset/:id/crop': (w) => get(`/api/ops/asset/${w.asset}/crop?${CROP}`),
  'POST /api/ops/asset/:id/download/confirm': (w) =>
    post(`/api/ops/asset/${w.asset}/download/confirm`, { accept: true }),
  'PUT /api/ops/asset/statistics': (w) => ({
    method: 'PUT',
    url: '/api/ops/asset/statistics',
    body: { brand_id: w.A.id },
  }),
  'POST /api/ops/asset/download/get/queue': (w) => ({
    method: 'POST',
    url: '/api/ops/asset/download/get/queue',
    body: { asset_ids: [w.asset], format: 'zip' },
  }),
  'GET /api/ops/asset/download/list': () => get('/api/ops/asset/download/list'),
  'GET /api/ops/asset/download/:id': async (w) =>
    get(`/api/ops/asset/download/${await readyDownload(w, w.memberA.id)}`),
  'GET /api/ops/asset/download/:id/file': async (w, p) => get(await downloadUrl(w, p)),
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

  'POST /api/ops/asset/:id/shortcut/create': async (w) => ({
    method: 'POST',
    url: `/api/ops/asset/${await w.freshAsset()}/shortcut/create`,
    body: { name: 'Matrix' },
  }),
  'PATCH /api/ops/asset/:id/shortcut/update': shortcutCall('PATCH', 'asset', 'update'),
  'DELETE /api/ops/asset/:id/shortcut/delete': shortcutCall('DELETE', 'asset', 'delete'),
  'POST /api/ops/folder/:id/shortcut/create': async (w) => ({
    method: 'POST',
    url: `/api/ops/folder/${await w.freshFolder()}/shortcut/create`,
    body: { name: 'Matrix' },
  }),
  'PATCH /api/ops/folder/:id/shortcut/update': shortcutCall('PATCH', 'folder', 'update'),
  'DELETE /api/ops/folder/:id/shortcut/delete': shortcutCall('DELETE', 'folder', 'delete'),

  'ALL /api/uploads': (w) => ({ method: 'POST', url: '/api/uploads', headers: w.tusHeaders(w.pub) }),
  'ALL /api/uploads/*': (w) => ({ method: 'HEAD', url: w.adminUpload, headers: { 'tus-resumable': '1.0.0' } }),

  'GET /api/jobs/mine': () => get('/api/jobs/mine'),
  'GET /api/jobs/queue': () => get('/api/jobs/queue'),
  'GET /api/jobs/:id': async (w) => get(`/api/jobs/${await ownedJob(w, w.memberA.id)}`),

  'GET /api/ops/notification/list': () => get('/api/ops/notification/list?unread=true'),
  'GET /api/ops/notification/unread': () => get('/api/ops/notification/unread'),
  'POST /api/ops/notification/:id/read': async (w) => ({
    method: 'POST',
    url: `/api/ops/notification/${await notificationOf(w, w.memberA.id)}/read`,
  }),
  'POST /api/ops/notification/read/all': () => ({ method: 'POST', url: '/api/ops/notification/read/all' }),
  // The stream ends after NOTIFICATION_STREAM_SECONDS (short in tests), so the answer completes.
  'GET /api/ops/notification/stream': () => get('/api/ops/notification/stream'),
  'GET /api/ops/notification/settings': () => get('/api/ops/notification/settings'),
  'PUT /api/ops/notification/settings': () => ({
    method: 'PUT',
    url: '/api/ops/notification/settings',
    body: { email: { mention: true, reply: false, upload_comment: true, share: true } },
  }),

  // ---- probes
  'GET /api/ops/folder/:id | the PRIVATE folder': (w) => get(`/api/ops/folder/${w.priv}`),
  'GET /api/ops/asset/:id/view | an asset in the PRIVATE folder': (w) => get(`/api/ops/asset/${w.privAsset}/view`),
  'GET /api/ops/asset/:id/download | an asset in the PRIVATE folder': (w) =>
    get(`/api/ops/asset/${w.privAsset}/download`),
  'POST /api/ops/asset/download/get/queue | the PRIVATE folder': (w) => ({
    method: 'POST',
    url: '/api/ops/asset/download/get/queue',
    body: { folder_ids: [w.priv], format: 'zip' },
  }),
  "GET /api/ops/asset/download/:id | the caller's own": async (w, p) =>
    get(`/api/ops/asset/download/${await readyDownload(w, p === 'anonymous' ? w.memberA.id : await selfId(w, p))}`),
  "GET /api/ops/asset/download/:id/file | with someone else's signature": async (w, p) => {
    const url = new URL(await downloadUrl(w, p), 'http://app.test');
    url.searchParams.set('u', String(w.memberA.id));
    return get(`${url.pathname}${url.search}`);
  },
  'GET /api/ops/asset/:id/crop | an asset in the PRIVATE folder': (w) =>
    get(`/api/ops/asset/${w.privAsset}/crop?${CROP}`),
  'GET /api/ops/asset/all | an asset in the PRIVATE folder': (w) => ({
    ...get(`/api/ops/asset/all?folder=${w.priv}`),
    judge: listed(() => w.privAsset),
  }),
  'GET /api/ops/asset/all | filtered by brand A': (w) => ({
    ...get(`/api/ops/asset/all?brand=${w.A.id}&sort=date&dir=asc&per_page=200`),
    judge: listed(() => w.asset),
  }),
  'POST /api/ops/asset/all/status/change | restore a removed asset': async (w) => {
    const id = await w.freshAsset();
    const removed = await w.clients.admin.put(`/api/ops/asset/${id}/status/change`);
    if (removed.statusCode !== 200) throw new Error(`remove: ${removed.statusCode} ${removed.body}`);
    return post('/api/ops/asset/all/status/change', { ids: [id], status: 'ACTIVE' });
  },
  'PUT /api/ops/users/statistics': () => ({ method: 'PUT', url: '/api/ops/users/statistics', body: {} }),
  'PUT /api/ops/users/statistics | of brand A': (w) => ({
    method: 'PUT',
    url: '/api/ops/users/statistics',
    body: { brand_id: w.A.id },
  }),
  'PUT /api/ops/asset/statistics | every brand the caller sees': () => ({
    method: 'PUT',
    url: '/api/ops/asset/statistics',
    body: { days: 7 },
  }),
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
  // Anonymous callers have no jobs: they ask for brand A's member's.
  'POST /api/ops/collection/favorites/add': (w) => post('/api/ops/collection/favorites/add', { ids: [w.asset] }),
  'POST /api/ops/collection/favorites/remove': (w) => post('/api/ops/collection/favorites/remove', { ids: [w.asset] }),
  'GET /api/ops/collection/favorites/assets/get': () => get('/api/ops/collection/favorites/assets/get'),
  'GET /api/ops/collection/own/list': () => get('/api/ops/collection/own/list'),
  'POST /api/ops/collection/new': (w) =>
    post('/api/ops/collection/new', { name: `Matrix new ${w.next()}`, asset_ids: [w.asset] }),
  'GET /api/ops/collection/:id/own/view': async (w, p) =>
    get(`/api/ops/collection/${await ownCollection(w, p)}/own/view`),
  'PATCH /api/ops/collection/:id/update': async (w, p) => ({
    method: 'PATCH',
    url: `/api/ops/collection/${await ownCollection(w, p)}/update`,
    body: { name: `Renamed ${w.next()}` },
  }),
  'DELETE /api/ops/collection/:id/delete': async (w, p) => ({
    method: 'DELETE',
    url: `/api/ops/collection/${await ownCollection(w, p)}/delete`,
  }),
  'POST /api/ops/collection/:id/assets/add': async (w, p) =>
    post(`/api/ops/collection/${await ownCollection(w, p)}/assets/add`, { ids: [w.asset] }),
  'POST /api/ops/collection/:id/assets/remove': async (w, p) =>
    post(`/api/ops/collection/${await ownCollection(w, p)}/assets/remove`, { ids: [w.asset] }),
  'POST /api/ops/folder/:id/collection/create': (w) =>
    post(`/api/ops/folder/${w.pub}/collection/create`, { name: `From folder ${w.next()}` }),
  "GET /api/ops/collection/:id/own/view | another user's collection": async (w) =>
    get(`/api/ops/collection/${await othersCollection(w)}/own/view`),
  "POST /api/ops/collection/:id/assets/add | another user's collection": async (w) =>
    post(`/api/ops/collection/${await othersCollection(w)}/assets/add`, { ids: [w.asset] }),
  "DELETE /api/ops/collection/:id/delete | another user's collection": async (w) => ({
    method: 'DELETE',
    url: `/api/ops/collection/${await othersCollection(w)}/delete`,
  }),
  'POST /api/ops/collection/:id/assets/add | an asset in the PRIVATE folder': async (w, p) =>
    post(`/api/ops/collection/${await ownCollection(w, p)}/assets/add`, { ids: [w.privAsset] }),
  'POST /api/ops/collection/favorites/add | an asset in the PRIVATE folder': (w) =>
    post('/api/ops/collection/favorites/add', { ids: [w.privAsset] }),
  'POST /api/ops/folder/:id/collection/create | the PRIVATE folder': (w) =>
    post(`/api/ops/folder/${w.priv}/collection/create`, { name: `From private ${w.next()}` }),
  "POST /api/ops/notification/:id/read | the caller's own notification": async (w, p) => ({
    method: 'POST',
    url: `/api/ops/notification/${await notificationOf(w, await selfId(w, p))}/read`,
  }),
  "GET /api/ops/report/import/:id | the caller's own": async (w, p) =>
    get(`/api/ops/report/import/${await importOf(w, await ownId(w, p))}`),
  "POST /api/ops/report/import/:id/apply | the caller's own": async (w, p) => ({
    method: 'POST',
    url: `/api/ops/report/import/${await importOf(w, await ownId(w, p))}/apply`,
    body: {},
  }),
  "GET /api/jobs/:id | the caller's own job": async (w, p) => {
    const me = p === 'anonymous' ? null : await w.clients[p].get('/api/auth/me');
    return get(`/api/jobs/${await ownedJob(w, me ? (me.json().session_user.id as number) : w.memberA.id)}`);
  },
  // Brand A's member makes a shortcut; every principal tries to delete it (only the member may).
  "DELETE /api/ops/folder/:id/shortcut/delete | brand A member's shortcut": async (w) => ({
    method: 'DELETE',
    url: `/api/ops/folder/${await withShortcut(w, 'member', 'folder')}/shortcut/delete`,
  }),
  'POST /api/ops/collection/:id/share': async (w, p) =>
    post(`/api/ops/collection/${await ownCollection(w, p)}/share`, { audience: 'anyone' }),
  'GET /api/ops/collection/:id/share/list': async (w, p) =>
    get(`/api/ops/collection/${await ownCollection(w, p)}/share/list`),
  'GET /api/ops/collection/:id/share/recipients': async (w, p) =>
    get(`/api/ops/collection/${await ownCollection(w, p)}/share/recipients?q=a`),
  'POST /api/ops/collection/:id/share/:link/revoke': async (w, p) => {
    const id = await ownCollection(w, p);
    const c = p === 'anonymous' ? w.admin : w.clients[p];
    const made = await c.post(`/api/ops/collection/${id}/share`, { audience: 'anyone' });
    return post(`/api/ops/collection/${id}/share/${made.json().share_link.id}/revoke`, undefined);
  },
  "POST /api/ops/collection/:id/share/:link/revoke | another user's link": async (w) => {
    const col = await othersCollection(w);
    const at = new Date().toISOString();
    const link = await w.db
      .insertInto('share_links')
      .values({
        collection_id: col,
        owner_id: w.memberA.id,
        token_hash: `matrix-${w.next()}-${Date.now()}`,
        token_enc: 'x',
        audience: 'anyone',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return post(`/api/ops/collection/${col}/share/${link.id}/revoke`, undefined);
  },
  'GET /api/ops/collection/shared/list': () => get('/api/ops/collection/shared/list'),
  'GET /api/ops/collection/:id/shared/:token/view': (w) =>
    get(`/api/ops/collection/${w.shared.collection}/shared/${w.shared.token}/view`),
  'GET /api/ops/collection/:id/shared/:token/public/view': (w) =>
    get(`/api/ops/collection/${w.shared.collection}/shared/${w.shared.token}/public/view`),
  'POST /api/ops/collection/:id/shared/:token/unlock': (w) =>
    post(`/api/ops/collection/${w.locked.collection}/shared/${w.locked.token}/unlock`, { password: 'share-pass-1' }),
  'GET /api/ops/collection/:id/shared/:token/asset/:assetId/:kind': (w) =>
    get(`/api/ops/collection/${w.shared.collection}/shared/${w.shared.token}/asset/${w.asset}/original`),
  'GET /api/ops/collection/:id/shared/:token/zip': (w) =>
    get(`/api/ops/collection/${w.shared.collection}/shared/${w.shared.token}/zip`),
  'GET /api/ops/collection/:id/shared/:token/zip | a locked link without its pass': (w) =>
    get(`/api/ops/collection/${w.locked.collection}/shared/${w.locked.token}/zip`),
  'GET /api/ops/collection/:id/shared/:token/asset/:assetId/:kind | a locked link without its pass': (w) =>
    get(`/api/ops/collection/${w.locked.collection}/shared/${w.locked.token}/asset/${w.asset}/original`),
  'GET /api/ops/share-link/all': () => get('/api/ops/share-link/all'),
  'PATCH /api/ops/share-link/:id/update': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/share-link/${(await w.memberLink()).id}/update`,
    body: { expiry_unit: 'days', expiry_amount: 1 },
  }),
  "GET /api/ops/share-link/all | lists brand A member's link": async (w) => {
    const link = await w.memberLink();
    return { ...get('/api/ops/share-link/all?per_page=100'), judge: listed(() => link.id) };
  },
  'GET /api/ops/asset/:id/comment/list': (w) => get(`/api/ops/asset/${w.asset}/comment/list`),
  'POST /api/ops/asset/:id/comment/add': (w) =>
    post(`/api/ops/asset/${w.asset}/comment/add`, { body: `Matrix comment ${w.next()}` }),
  'PATCH /api/ops/asset/:id/comment/:comment/edit': async (w, p) => ({
    method: 'PATCH',
    url: commentUrl(w, await ownComment(w, p), 'edit'),
    body: { body: 'Edited' },
  }),
  'DELETE /api/ops/asset/:id/comment/:comment/delete': async (w, p) => ({
    method: 'DELETE',
    url: commentUrl(w, await ownComment(w, p), 'delete'),
  }),
  'POST /api/ops/asset/:id/comment/:comment/resolve': async (w) =>
    post(commentUrl(w, await ownComment(w, 'admin'), 'resolve'), undefined),
  'POST /api/ops/asset/:id/comment/:comment/reopen': async (w) => {
    const id = await ownComment(w, 'admin');
    const r = await w.admin.post(commentUrl(w, id, 'resolve'));
    if (r.statusCode !== 200) throw new Error(`resolve: ${r.statusCode} ${r.body}`);
    return post(commentUrl(w, id, 'reopen'), undefined);
  },
  'GET /api/ops/asset/:id/comment/mentionable': (w) => get(`/api/ops/asset/${w.asset}/comment/mentionable?q=a`),
  'GET /api/ops/asset/:id/comment/list | an asset in the PRIVATE folder': (w) =>
    get(`/api/ops/asset/${w.privAsset}/comment/list`),
  'POST /api/ops/asset/:id/comment/add | an asset in the PRIVATE folder': (w) =>
    post(`/api/ops/asset/${w.privAsset}/comment/add`, { body: `Private comment ${w.next()}` }),
  "PATCH /api/ops/asset/:id/comment/:comment/edit | brand A member's comment": async (w) => ({
    method: 'PATCH',
    url: commentUrl(w, await othersComment(w), 'edit'),
    body: { body: 'Edited' },
  }),
  "DELETE /api/ops/asset/:id/comment/:comment/delete | brand A member's comment": async (w) => ({
    method: 'DELETE',
    url: commentUrl(w, await othersComment(w), 'delete'),
  }),
  'POST /api/ops/users/invite | an administrator': (w) => ({
    method: 'POST',
    url: '/api/ops/users/invite',
    body: invitee(w, ['admin'], []),
  }),
  'POST /api/ops/users/invite | a guest of brand B': (w) => ({
    method: 'POST',
    url: '/api/ops/users/invite',
    body: invitee(w, ['guest'], [w.B.id]),
  }),
  'POST /api/ops/users/create | a guest of brand B': (w) => ({
    method: 'POST',
    url: '/api/ops/users/create',
    body: newUser(w, { roles: ['guest'], brands: [w.B.id] }),
  }),
  'POST /api/ops/users/:id/photo/upload | their own': async (w, p) => photoUpload(await selfId(w, p)),
  'POST /api/ops/users/:id/photo/upload | an administrator': async (w) =>
    photoUpload((await w.freshUser('A', { roles: ['admin'] })).id),
  'POST /api/ops/users/:id/photo/upload | a brand-B member': async (w) => photoUpload((await w.freshUser('B')).id),
  'POST /api/ops/users/:id/photo/:photoId/update | their own': async (w, p) => photoUpdate(w, await selfId(w, p)),
  // The upload is another user's: naming it for this one finds nothing.
  "POST /api/ops/users/:id/photo/:photoId/update | another user's upload": async (w) => ({
    method: 'POST',
    url: `/api/ops/users/${(await w.freshUser()).id}/photo/${await stagedPhoto(w, w.memberA.id)}/update`,
    body: {},
  }),
  'DELETE /api/ops/users/:id/photo | their own': async (w, p) => ({
    method: 'DELETE',
    url: `/api/ops/users/${await selfId(w, p)}/photo`,
  }),
  'DELETE /api/ops/users/:id/photo | an administrator': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/users/${(await w.freshUser('A', { roles: ['admin'] })).id}/photo`,
  }),
  ...metadataCalls,
  ...savedSearchCalls,
  ...uploadRequestCalls,
  ...twoFactorCalls,
  ...rightsCalls,
  ...guidelineCalls,
  ...guidelineLinkCalls,
  ...labelCalls,
  ...ssoCalls,
  ...peopleCalls,
  'GET /api/ops/brand/:id/metadata/gaps': (w) => ({ method: 'GET', url: `/api/ops/brand/${w.A.id}/metadata/gaps` }),
  ...embedMappingCalls,
  'GET /api/ops/brand/:id/approval': (w) => get(`/api/ops/brand/${w.A.id}/approval`),
  'PUT /api/ops/brand/:id/approval': (w) => ({
    method: 'PUT',
    url: `/api/ops/brand/${w.A.id}/approval`,
    body: { role_ids: [] },
  }),
  'GET /api/review/queue': (w) => get(`/api/review/queue?brand_id=${w.A.id}`),
  'GET /api/review/count': () => get('/api/review/count'),
  'GET /api/review/mine': () => get('/api/review/mine'),
  'POST /api/review/approve': async (w) => ({
    method: 'POST',
    url: '/api/review/approve',
    body: { ids: [await pendingAsset(w)] },
  }),
  'POST /api/review/reject': async (w) => ({
    method: 'POST',
    url: '/api/review/reject',
    body: { ids: [await pendingAsset(w)], reason: 'Not on brand' },
  }),
  'GET /api/review/asset/:id': async (w) => get(`/api/review/asset/${await w.freshAsset()}`),
  ...apiKeyCalls,
};

/** A fresh asset of brand A awaiting review. */
async function pendingAsset(w: World) {
  const id = await w.freshAsset();
  await w.db.updateTable('assets').set({ review_state: 'pending' }).where('id', '=', id).execute();
  return id;
}
