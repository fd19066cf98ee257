import type { Build, Call } from './authzCalls.js';
import type { World } from './authzWorld.js';

/** The matrix's calls of a brand's metadata (issue 39): brand A's fields, vocabularies and options. */

const ok = async (p: Promise<{ statusCode: number; body: string; json(): { id: number } }>, what: string) => {
  const r = await p;
  if (r.statusCode !== 201 && r.statusCode !== 200) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return r.json().id;
};

/** A fresh list vocabulary of brand A with one option, made by the administrator. */
async function freshVocabulary(w: World) {
  const id = await ok(
    w.admin.post(`/api/ops/brand/${w.A.id}/metadata/vocabularies`, { name: `Matrix list ${w.next()}`, kind: 'list' }),
    'vocabulary',
  );
  const option = await ok(w.admin.post(`/api/ops/metadata/vocabulary/${id}/options`, { label_en: 'One' }), 'option');
  return { id, option };
}
const freshOption = async (w: World) => {
  const { id } = await vocabularyOf(w);
  return ok(w.admin.post(`/api/ops/metadata/vocabulary/${id}/options`, { label_en: `Option ${w.next()}` }), 'option');
};
const freshField = (w: World) =>
  ok(
    w.admin.post(`/api/ops/brand/${w.A.id}/metadata/fields`, {
      key: `matrix-${w.next()}`,
      type: 'text',
      label_en: 'Matrix',
      label_es: 'Matriz',
    }),
    'field',
  );

const bulkFields = new WeakMap<World, Promise<string>>();
/** Brand A's text field that bulk edits clear, made once per world. */
function bulkFieldOf(w: World) {
  let p = bulkFields.get(w);
  if (!p)
    bulkFields.set(
      w,
      (p = ok(
        w.admin.post(`/api/ops/brand/${w.A.id}/metadata/fields`, {
          key: 'matrix-bulk',
          type: 'text',
          label_en: 'Bulk',
          label_es: 'Masiva',
        }),
        'bulk field',
      ).then(() => 'matrix-bulk')),
    );
  return p;
}
const bulkBody = async (w: World) => ({
  target: { asset_ids: [w.asset] },
  ops: { [await bulkFieldOf(w)]: { op: 'clear' } },
});
/** An applied bulk edit of the member principal, just now (as its job leaves it). */
const memberBulkEdit = async (w: World) => {
  const now = new Date().toISOString();
  const member = (await w.clients.member.get('/api/auth/me')).json() as { session_user: { id: number } };
  const { id } = await w.db
    .insertInto('bulk_edits')
    .values({
      brand_id: w.A.id,
      user_id: member.session_user.id,
      status: 'applied',
      ops: '{}',
      asset_ids: '[]',
      matched: 0,
      changed: 0,
      done: 0,
      created_at: now,
      applied_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};

const vocabularies = new WeakMap<World, Promise<{ id: number; option: number }>>();
/** Brand A's shared vocabulary, made once per world (calls that change it make their own). */
function vocabularyOf(w: World) {
  let p = vocabularies.get(w);
  if (!p) vocabularies.set(w, (p = freshVocabulary(w)));
  return p;
}

const get = (url: string): Call => ({ method: 'GET', url });
const fields = (w: World) => `/api/ops/brand/${w.A.id}/metadata/fields`;

export const metadataCalls: Record<string, Build> = {
  'GET /api/ops/brand/:id/metadata/fields': (w) => get(fields(w)),
  'POST /api/ops/brand/:id/metadata/fields': (w) => ({
    method: 'POST',
    url: fields(w),
    body: { key: `made-${w.next()}`, type: 'number', label_en: 'Count', label_es: 'Cuenta' },
  }),
  'PUT /api/ops/brand/:id/metadata/fields/order': async (w) => {
    await freshField(w);
    const items = (await w.admin.get(fields(w))).json().items as { id: number }[];
    return { method: 'PUT', url: `${fields(w)}/order`, body: { ids: items.map((f) => f.id).reverse() } };
  },
  'PATCH /api/ops/metadata/field/:id': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/metadata/field/${await freshField(w)}`,
    body: { label_en: 'Renamed' },
  }),
  'DELETE /api/ops/metadata/field/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/metadata/field/${await freshField(w)}`,
  }),
  'GET /api/ops/brand/:id/metadata/vocabularies': (w) => get(`/api/ops/brand/${w.A.id}/metadata/vocabularies`),
  'GET /api/ops/brand/:id/keywords/suggest': (w) => get(`/api/ops/brand/${w.A.id}/keywords/suggest?prefix=a`),
  'POST /api/ops/brand/:id/metadata/vocabularies': (w) => ({
    method: 'POST',
    url: `/api/ops/brand/${w.A.id}/metadata/vocabularies`,
    body: { name: `Made ${w.next()}`, kind: 'tree' },
  }),
  'PATCH /api/ops/metadata/vocabulary/:id': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/metadata/vocabulary/${(await freshVocabulary(w)).id}`,
    body: { name: `Renamed ${w.next()}` },
  }),
  'DELETE /api/ops/metadata/vocabulary/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/ops/metadata/vocabulary/${(await freshVocabulary(w)).id}`,
  }),
  'GET /api/ops/metadata/vocabulary/:id/options': async (w) =>
    get(`/api/ops/metadata/vocabulary/${(await vocabularyOf(w)).id}/options`),
  'POST /api/ops/metadata/vocabulary/:id/options': async (w) => ({
    method: 'POST',
    url: `/api/ops/metadata/vocabulary/${(await vocabularyOf(w)).id}/options`,
    body: { label_en: `Added ${w.next()}` },
  }),
  'POST /api/ops/metadata/vocabulary/:id/import': async (w) => ({
    method: 'POST',
    url: `/api/ops/metadata/vocabulary/${(await vocabularyOf(w)).id}/import`,
    body: { text: `Imported ${w.next()}\nOne` },
  }),
  'PATCH /api/ops/metadata/option/:id': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/metadata/option/${await freshOption(w)}`,
    body: { label_es: 'Renombrada' },
  }),
  'POST /api/ops/metadata/option/:id/move': async (w) => ({
    method: 'POST',
    url: `/api/ops/metadata/option/${await freshOption(w)}/move`,
    body: { parent_id: null, position: 0 },
  }),
  'POST /api/ops/metadata/option/:id/merge': async (w) => ({
    method: 'POST',
    url: `/api/ops/metadata/option/${await freshOption(w)}/merge`,
    body: { into: (await vocabularyOf(w)).option },
  }),
  'POST /api/ops/metadata/option/:id/retire': async (w) => ({
    method: 'POST',
    url: `/api/ops/metadata/option/${await freshOption(w)}/retire`,
    body: { retired: true },
  }),
  'GET /api/ops/asset/:id/fields': (w) => get(`/api/ops/asset/${w.asset}/fields`),
  'POST /api/ops/metadata/bulk/preview': async (w) => ({
    method: 'POST',
    url: '/api/ops/metadata/bulk/preview',
    body: await bulkBody(w),
  }),
  'POST /api/ops/metadata/bulk': async (w) => ({
    method: 'POST',
    url: '/api/ops/metadata/bulk',
    body: await bulkBody(w),
  }),
  'GET /api/ops/metadata/bulk/:id': async (w) => get(`/api/ops/metadata/bulk/${await memberBulkEdit(w)}`),
  'POST /api/ops/metadata/bulk/:id/undo': async (w) => ({
    method: 'POST',
    url: `/api/ops/metadata/bulk/${await memberBulkEdit(w)}/undo`,
  }),
  'PUT /api/ops/asset/:id/fields': (w) => ({
    method: 'PUT',
    url: `/api/ops/asset/${w.asset}/fields`,
    body: { values: {} },
  }),
};
