import { multipart } from './harness.js';
import type { Build, Call } from './authzCalls.js';
import type { World } from './authzWorld.js';

/** The matrix's calls of usage rights (issue 40 §1): licences and consents of brand A, made by the admin. */

async function fresh(w: World, kind: 'licences' | 'consents') {
  const body = kind === 'licences' ? { name: `Matrix licence ${w.next()}` } : { person: `Matrix person ${w.next()}` };
  const r = await w.admin.post(`/api/ops/brand/${w.A.id}/${kind}`, body);
  if (r.statusCode !== 201) throw new Error(`${kind}: ${r.statusCode} ${r.body}`);
  return r.json().id as number;
}
const docForm = () =>
  multipart({}, [{ field: 'file', name: 'release.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 m') }]);
async function freshDocument(w: World) {
  const id = await fresh(w, 'licences');
  const r = await w.admin.form('POST', `/api/ops/licence/${id}/documents`, docForm());
  if (r.statusCode !== 201) throw new Error(`document: ${r.statusCode} ${r.body}`);
  return r.json().id as number;
}
const once = <T>(make: (w: World) => Promise<T>) => {
  const made = new WeakMap<World, Promise<T>>();
  return (w: World) => {
    let p = made.get(w);
    if (!p) made.set(w, (p = make(w)));
    return p;
  };
};
const licenceOf = once((w) => fresh(w, 'licences'));
const consentOf = once((w) => fresh(w, 'consents'));
const documentOf = once(freshDocument);

const get = (url: string): Call => ({ method: 'GET', url });
const form = (url: string): Call => ({ method: 'POST', url, form: docForm() });

export const rightsCalls: Record<string, Build> = {
  'GET /api/ops/brand/:id/licences': (w) => get(`/api/ops/brand/${w.A.id}/licences`),
  'POST /api/ops/brand/:id/licences': (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/licences`,
    body: { name: `Made ${w.next()}`, channels: ['Web'], territories: ['ES'] },
  }),
  'GET /api/ops/brand/:id/licences/export': (w) => get(`/api/ops/brand/${w.A.id}/licences/export`),
  'GET /api/ops/licence/:id': async (w) => get(`/api/ops/licence/${await licenceOf(w)}`),
  'PUT /api/ops/licence/:id': async (w) => ({
    method: 'PUT',
    url: `/api/ops/licence/${await fresh(w, 'licences')}`,
    body: { name: `Renamed ${w.next()}` },
  }),
  'DELETE /api/ops/licence/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/licence/${await fresh(w, 'licences')}`,
  }),
  'POST /api/ops/licence/:id/documents': async (w) => form(`/api/ops/licence/${await licenceOf(w)}/documents`),
  'POST /api/ops/licence/:id/assets': async (w) => ({
    method: 'POST',
    url: `/api/ops/licence/${await fresh(w, 'licences')}/assets`,
    // A fresh asset: a licence on the world's shared one would ask every later download to confirm.
    body: { asset_ids: [await w.freshAsset()] },
  }),
  'GET /api/ops/brand/:id/consents': (w) => get(`/api/ops/brand/${w.A.id}/consents`),
  'POST /api/ops/brand/:id/consents': (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/consents`,
    body: { person: `Model ${w.next()}`, kind: 'model' },
  }),
  'GET /api/ops/brand/:id/consents/export': (w) => get(`/api/ops/brand/${w.A.id}/consents/export`),
  'GET /api/ops/consent/:id': async (w) => get(`/api/ops/consent/${await consentOf(w)}`),
  'PUT /api/ops/consent/:id': async (w) => ({
    method: 'PUT',
    url: `/api/ops/consent/${await fresh(w, 'consents')}`,
    body: { person: `Renamed ${w.next()}`, kind: 'property' },
  }),
  'DELETE /api/ops/consent/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/consent/${await fresh(w, 'consents')}`,
  }),
  'POST /api/ops/consent/:id/documents': async (w) => form(`/api/ops/consent/${await consentOf(w)}/documents`),
  'GET /api/ops/rights/document/:id': async (w) => get(`/api/ops/rights/document/${await documentOf(w)}`),
  'DELETE /api/ops/rights/document/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/rights/document/${await freshDocument(w)}`,
  }),
  'GET /api/ops/asset/:id/rights': (w) => get(`/api/ops/asset/${w.asset}/rights`),
  'PUT /api/ops/asset/:id/rights': async (w) => ({
    method: 'PUT',
    url: `/api/ops/asset/${await w.freshAsset()}/rights`,
    body: { licence_ids: [await licenceOf(w)], consent_ids: [], available_from: null, available_until: null },
  }),
};
