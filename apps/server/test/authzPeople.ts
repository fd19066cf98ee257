import type { Build } from './authzCalls.js';
import type { World } from './authzWorld.js';

/**
 * The matrix's calls of people (issue 42 §3). Faces are rows written straight into brand A's
 * public asset (no model runs here; people.test.ts runs it once); each changing call gets a
 * person of its own. The switch is called turning faces off, which needs no model either.
 */
async function freshPerson(w: World, faces = 1) {
  const at = new Date().toISOString();
  const person = await w.db
    .insertInto('people')
    .values({ brand_id: w.A.id, name: null, hidden: 0, cover_face_id: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < faces; i++) {
    const f = await w.db
      .insertInto('asset_faces')
      .values({
        asset_id: w.asset,
        brand_id: w.A.id,
        rev: 1,
        box: '0.1000,0.1000,0.5000,0.5000',
        score: 0.9,
        descriptor: Buffer.alloc(16).toString('base64'),
        person_id: person.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(f.id);
  }
  return { id: person.id, faces: ids };
}

export const peopleCalls: Record<string, Build> = {
  'PUT /api/ops/brand/:id/faces': (w) => ({
    method: 'PUT',
    url: `/api/ops/brand/${w.A.id}/faces`,
    body: { enabled: false },
  }),
  'GET /api/ops/brand/:id/people': (w) => ({ method: 'GET', url: `/api/ops/brand/${w.A.id}/people` }),
  'GET /api/ops/person/:id': async (w) => ({ method: 'GET', url: `/api/ops/person/${(await freshPerson(w)).id}` }),
  'PUT /api/ops/person/:id/name': async (w) => ({
    method: 'PUT',
    url: `/api/ops/person/${(await freshPerson(w)).id}/name`,
    body: { name: 'Ana' },
  }),
  'POST /api/ops/person/:id/merge': async (w) => ({
    method: 'POST',
    url: `/api/ops/person/${(await freshPerson(w)).id}/merge`,
    body: { into: (await freshPerson(w)).id },
  }),
  'POST /api/ops/person/:id/split': async (w) => {
    const p = await freshPerson(w, 2);
    return { method: 'POST', url: `/api/ops/person/${p.id}/split`, body: { faces: [p.faces[1]] } };
  },
  'PUT /api/ops/person/:id/hidden': async (w) => ({
    method: 'PUT',
    url: `/api/ops/person/${(await freshPerson(w)).id}/hidden`,
    body: { hidden: true },
  }),
  'GET /api/ops/face/:id/crop': async (w) => ({
    method: 'GET',
    url: `/api/ops/face/${(await freshPerson(w)).faces[0]}/crop`,
  }),
  'GET /api/ops/asset/:id/people': (w) => ({ method: 'GET', url: `/api/ops/asset/${w.asset}/people` }),
};
