import type { Build } from './authzCalls.js';
import type { World } from './authzWorld.js';
import { until } from './throwaway.js';

/**
 * The matrix's calls of objects and scenes (issue 42 §2): a fresh asset of brand A whose object
 * analysis has run (so it cannot overwrite the row below) and which then holds a suggested "dog".
 */
async function labelled(w: World) {
  const id = await w.freshAsset();
  const ran = () => w.db.selectFrom('asset_objects').select('rev').where('asset_id', '=', id).executeTakeFirst();
  await until(`the object analysis of asset ${id}`, async () => !!(await ran()));
  const { brand_id, derivative_rev } = await w.db
    .selectFrom('assets')
    .select(['brand_id', 'derivative_rev'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await w.db
    .updateTable('asset_objects')
    .set({ state: 'done', reason: null, rev: derivative_rev })
    .where('asset_id', '=', id)
    .execute();
  await w.db
    .insertInto('asset_labels')
    .values({ asset_id: id, brand_id, rev: derivative_rev, label: 'dog', score: 0.9, state: 'suggested' })
    .execute();
  return id;
}

export const labelCalls: Record<string, Build> = {
  'GET /api/ops/asset/:id/labels': (w) => ({ method: 'GET', url: `/api/ops/asset/${w.asset}/labels` }),
  'POST /api/ops/asset/:id/labels/:label/accept': async (w) => ({
    method: 'POST',
    url: `/api/ops/asset/${await labelled(w)}/labels/dog/accept`,
  }),
  'POST /api/ops/asset/:id/labels/:label/reject': async (w) => ({
    method: 'POST',
    url: `/api/ops/asset/${await labelled(w)}/labels/dog/reject`,
  }),
  'GET /api/ops/brand/:id/labels': (w) => ({ method: 'GET', url: `/api/ops/brand/${w.A.id}/labels` }),
};
