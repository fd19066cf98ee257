import type { Build, Call } from './authzCalls.js';
import type { World } from './authzWorld.js';

/**
 * The matrix's calls of public guidelines links and guidelines PDFs (issue 45): the admin's links
 * to brand A's guidelines, whose one published page shows the world's shared asset.
 */

const once = <T>(make: (w: World) => Promise<T>) => {
  const made = new WeakMap<World, Promise<T>>();
  return (w: World) => {
    let p = made.get(w);
    if (!p) made.set(w, (p = make(w)));
    return p;
  };
};
async function ok(r: Promise<{ statusCode: number; body: string; json(): { [k: string]: unknown } }>, status = 200) {
  const res = await r;
  if (res.statusCode !== status) throw new Error(`guideline link setup: ${res.statusCode} ${res.body}`);
  return res.json();
}
const page = once(async (w) => {
  const made = await ok(
    w.admin.post(`/api/ops/brand/${w.A.id}/guidelines`, { kind: 'page', title: `Linked ${w.next()}` }),
    201,
  );
  const id = made.id as number;
  await ok(
    w.admin.put(`/api/ops/guideline/${id}`, {
      title: 'Linked',
      blocks: [{ id: 'a1', type: 'assets', asset_ids: [w.asset], downloads: ['original'] }],
    }),
  );
  await ok(w.admin.post(`/api/ops/guideline/${id}/publish`, {}));
  return id;
});
const draft = once(
  async (w) =>
    (
      await ok(
        w.admin.post(`/api/ops/brand/${w.A.id}/guidelines`, { kind: 'page', title: `Unlinked ${w.next()}` }),
        201,
      )
    ).id as number,
);
const makeLink = async (w: World, body: Record<string, unknown>) => {
  await page(w);
  const r = await ok(w.admin.post(`/api/ops/brand/${w.A.id}/guidelines/links`, body), 201);
  const link = r.link as { id: number; link: string };
  return { id: link.id, token: link.link.split('/guidelines/public/')[1]! };
};
const open = once((w) => makeLink(w, {}));
const locked = once((w) => makeLink(w, { password: 'matrix secret' }));
const viewOnly = once((w) => makeLink(w, { allow_download: false }));
const revoked = once(async (w) => {
  const l = await makeLink(w, {});
  await ok(w.admin.post(`/api/ops/brand/${w.A.id}/guidelines/links/${l.id}/revoke`, {}));
  return l;
});

const get = (url: string): Call => ({ method: 'GET', url });
const base = (token: string) => `/api/ops/guidelines/public/${token}`;
/** A small PNG copy of the world's picture, as an asset block's conversions ask for. */
const CROP = 'x=0&y=0&w=0.5&h=0.5&width=1&format=png';

export const guidelineLinkCalls: Record<string, Build> = {
  'POST /api/ops/brand/:id/guidelines/links': (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/guidelines/links`,
    body: { expiry_unit: 'days', expiry_amount: 1, allow_download: false },
  }),
  'GET /api/ops/brand/:id/guidelines/links': (w) => get(`/api/ops/brand/${w.A.id}/guidelines/links`),
  'POST /api/ops/brand/:id/guidelines/links/:link/revoke': async (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/guidelines/links/${(await makeLink(w, {})).id}/revoke`,
    body: {},
  }),
  'GET /api/ops/guidelines/public/:token': async (w) => get(base((await open(w)).token)),
  'POST /api/ops/guidelines/public/:token/unlock': async (w) => ({
    method: 'POST',
    url: `${base((await locked(w)).token)}/unlock`,
    body: { password: 'matrix secret' },
  }),
  'GET /api/ops/guidelines/public/:token/page/:pageId': async (w) =>
    get(`${base((await open(w)).token)}/page/${await page(w)}`),
  'GET /api/ops/guidelines/public/:token/asset/:assetId/:kind': async (w) =>
    get(`${base((await open(w)).token)}/asset/${w.asset}/original`),
  'GET /api/ops/guidelines/public/:token/asset/:assetId/crop': async (w) =>
    get(`${base((await open(w)).token)}/asset/${w.asset}/crop?${CROP}`),
  'GET /api/ops/guidelines/public/:token/asset/:assetId/crop | a link without downloads': async (w) =>
    get(`${base((await viewOnly(w)).token)}/asset/${w.asset}/crop?${CROP}`),
  'GET /api/ops/guidelines/public/:token | a revoked link': async (w) => get(base((await revoked(w)).token)),
  'GET /api/ops/guidelines/public/:token/page/:pageId | a draft page': async (w) =>
    get(`${base((await open(w)).token)}/page/${await draft(w)}`),
  'GET /api/ops/guidelines/public/:token/asset/:assetId/:kind | a locked link without its pass': async (w) =>
    get(`${base((await locked(w)).token)}/asset/${w.asset}/original`),
  'POST /api/ops/brand/:id/guidelines/pdf': async (w) => {
    await page(w);
    return { method: 'POST', url: `/api/ops/brand/${w.A.id}/guidelines/pdf`, body: {} };
  },
  'POST /api/ops/guideline/:id/pdf': async (w) => ({
    method: 'POST',
    url: `/api/ops/guideline/${await page(w)}/pdf`,
    body: {},
  }),
};
