import type { Build, Call } from './authzCalls.js';
import type { World } from './authzWorld.js';

/** The matrix's calls of upload requests (issue 40 §4): requests the administrator made into brand A. */

const DAY = 86_400_000;
async function freshRequest(w: World, over: Record<string, unknown> = {}) {
  const r = await w.admin.post('/api/ops/upload-request/new', {
    folder_id: w.pub,
    expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
    max_files: 100,
    max_bytes: 10_000_000,
    ...over,
  });
  if (r.statusCode !== 201) throw new Error(`upload request: ${r.statusCode} ${r.body}`);
  const item = r.json().upload_request as { id: number; url: string };
  return { id: item.id, token: item.url.split('/upload/')[1]! };
}
const requests = new WeakMap<World, ReturnType<typeof freshRequest>>();
/** One open request per world, for the calls that change nothing of it. */
function requestOf(w: World) {
  let p = requests.get(w);
  if (!p) requests.set(w, (p = freshRequest(w)));
  return p;
}
const locks = new WeakMap<World, ReturnType<typeof freshRequest>>();
function lockedOf(w: World) {
  let p = locks.get(w);
  if (!p) locks.set(w, (p = freshRequest(w, { password: 'request-pass-1' })));
  return p;
}

/** The headers of a tus creation through a link. */
const tusHeaders = (token: string) => {
  const meta = { filename: 'agency.png', uploader_name: 'Agency', uploader_email: 'agency@example.com' };
  const encoded = Object.entries(meta).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`);
  return {
    'x-upload-request': token,
    'tus-resumable': '1.0.0',
    'upload-length': '64',
    'upload-metadata': encoded.join(','),
  };
};

export const uploadRequestCalls: Record<string, Build> = {
  'POST /api/ops/upload-request/new': (w) => ({
    method: 'POST',
    url: '/api/ops/upload-request/new',
    body: { folder_id: w.pub, expires_at: new Date(Date.now() + DAY).toISOString(), max_files: 1, max_bytes: 100 },
  }),
  'GET /api/ops/upload-request/list': async (w): Promise<Call> => {
    const { id } = await requestOf(w);
    return {
      method: 'GET',
      url: '/api/ops/upload-request/list?per_page=100',
      // Listed: 200; the administrator's request of brand A is not a member's nor another brand's.
      judge: (res) =>
        res.statusCode !== 200 ? res.statusCode : res.json().items.some((s: { id: number }) => s.id === id) ? 200 : 404,
    };
  },
  'POST /api/ops/upload-request/:id/close': async (w) => ({
    method: 'POST',
    url: `/api/ops/upload-request/${(await freshRequest(w)).id}/close`,
  }),
  'GET /api/upload-request/open/:token': async (w) => ({
    method: 'GET',
    url: `/api/upload-request/open/${(await requestOf(w)).token}`,
  }),
  'POST /api/upload-request/open/:token/unlock': async (w) => ({
    method: 'POST',
    url: `/api/upload-request/open/${(await lockedOf(w)).token}/unlock`,
    body: { password: 'request-pass-1' },
  }),
  'GET /api/ops/asset/:id/upload-origin': (w) => ({ method: 'GET', url: `/api/ops/asset/${w.asset}/upload-origin` }),
  'ALL /api/upload-request/files': async (w) => ({
    method: 'POST',
    url: '/api/upload-request/files',
    headers: tusHeaders((await requestOf(w)).token),
  }),
  'ALL /api/upload-request/files/*': async (w) => {
    const { token } = await requestOf(w);
    const started = await w.admin.req('POST', '/api/upload-request/files', undefined, { headers: tusHeaders(token) });
    if (started.statusCode !== 201) throw new Error(`tus: ${started.statusCode} ${started.body}`);
    const url = new URL(String(started.headers.location), 'http://app.test').pathname;
    return { method: 'HEAD', url, headers: { 'x-upload-request': token, 'tus-resumable': '1.0.0' } };
  },
};
