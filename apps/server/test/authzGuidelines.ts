import type { Build, Call } from './authzCalls.js';
import type { World } from './authzWorld.js';

/** The matrix's calls of brand guidelines (issue 45): pages of brand A, made and published by the admin. */

async function fresh(w: World, publish = false) {
  const r = await w.admin.post(`/api/ops/brand/${w.A.id}/guidelines`, { kind: 'page', title: `Matrix ${w.next()}` });
  if (r.statusCode !== 201) throw new Error(`guideline: ${r.statusCode} ${r.body}`);
  const id = r.json().id as number;
  if (publish) {
    const p = await w.admin.post(`/api/ops/guideline/${id}/publish`, {});
    if (p.statusCode !== 200) throw new Error(`publish: ${p.statusCode} ${p.body}`);
  }
  return id;
}
const published = (() => {
  const made = new WeakMap<World, Promise<number>>();
  return (w: World) => {
    let p = made.get(w);
    if (!p) made.set(w, (p = fresh(w, true)));
    return p;
  };
})();

const get = (url: string): Call => ({ method: 'GET', url });
const draft = { title: 'Logo', blocks: [{ id: 'd1', type: 'divider' }] };

export const guidelineCalls: Record<string, Build> = {
  'GET /api/ops/brand/:id/guidelines': (w) => get(`/api/ops/brand/${w.A.id}/guidelines`),
  'POST /api/ops/brand/:id/guidelines': (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/guidelines`,
    body: { kind: 'chapter', title: `Made ${w.next()}` },
  }),
  'GET /api/ops/guideline/:id': async (w) => get(`/api/ops/guideline/${await published(w)}`),
  'PUT /api/ops/guideline/:id': async (w) => ({
    method: 'PUT',
    url: `/api/ops/guideline/${await fresh(w)}`,
    body: draft,
  }),
  'POST /api/ops/guideline/:id/move': async (w) => ({
    method: 'POST',
    url: `/api/ops/guideline/${await fresh(w)}/move`,
    body: { chapter_id: null, position: 0 },
  }),
  'POST /api/ops/guideline/:id/publish': async (w) => ({
    method: 'POST',
    url: `/api/ops/guideline/${await fresh(w)}/publish`,
    body: {},
  }),
  'DELETE /api/ops/guideline/:id': async (w) => ({ method: 'DELETE', url: `/api/ops/guideline/${await fresh(w)}` }),
  'GET /api/ops/guideline/:id/versions': async (w) => get(`/api/ops/guideline/${await published(w)}/versions`),
  'GET /api/ops/guideline/:id/versions/:number': async (w) =>
    get(`/api/ops/guideline/${await published(w)}/versions/1`),
  'GET /api/ops/brand/:id/guidelines/search': (w) => get(`/api/ops/brand/${w.A.id}/guidelines/search?q=matrix`),
  'GET /api/ops/asset/:id/guidelines': (w) => get(`/api/ops/asset/${w.asset}/guidelines`),
  'POST /api/ops/guideline/:id/revert': async (w) => ({
    method: 'POST',
    url: `/api/ops/guideline/${await fresh(w, true)}/revert`,
    body: { version: 1 },
  }),
};
