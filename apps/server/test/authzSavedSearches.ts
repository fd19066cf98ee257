import type { Build, Call } from './authzCalls.js';
import type { World } from './authzWorld.js';

/** The matrix's calls of saved searches (issue 39 §6): a search of brand A the administrator shared. */

async function freshShared(w: World) {
  const made = await w.admin.post('/api/ops/saved-search/new', {
    name: `Matrix search ${w.next()}`,
    folder_id: w.pub,
    search: { q: 'shared' },
  });
  if (made.statusCode !== 201) throw new Error(`saved search: ${made.statusCode} ${made.body}`);
  const id = made.json().id as number;
  const shared = await w.admin.post(`/api/ops/saved-search/${id}/share`, { shared: true });
  if (shared.statusCode !== 200) throw new Error(`share: ${shared.statusCode} ${shared.body}`);
  return id;
}
const shareds = new WeakMap<World, Promise<number>>();
/** One shared search per world, for the calls that change nothing of it. */
function sharedOf(w: World) {
  let p = shareds.get(w);
  if (!p) shareds.set(w, (p = freshShared(w)));
  return p;
}

const url = (id: number, tail = '') => `/api/ops/saved-search/${id}${tail}`;

export const savedSearchCalls: Record<string, Build> = {
  'GET /api/ops/saved-search/list': async (w): Promise<Call> => {
    const id = await sharedOf(w);
    return {
      method: 'GET',
      url: '/api/ops/saved-search/list',
      // Listed: 200; a brand the caller does not see keeps its shared searches out: 404.
      judge: (res) =>
        res.statusCode !== 200 ? res.statusCode : res.json().items.some((s: { id: number }) => s.id === id) ? 200 : 404,
    };
  },
  'POST /api/ops/saved-search/new': (w) => ({
    method: 'POST',
    url: '/api/ops/saved-search/new',
    body: { name: `Mine ${w.next()}`, folder_id: w.pub, search: { type: ['image'] } },
  }),
  'PATCH /api/ops/saved-search/:id': async (w) => ({
    method: 'PATCH',
    url: url(await freshShared(w)),
    body: { name: `Renamed ${w.next()}` },
  }),
  'POST /api/ops/saved-search/:id/pin': async (w) => ({
    method: 'POST',
    url: url(await sharedOf(w), '/pin'),
    body: { pinned: true },
  }),
  'POST /api/ops/saved-search/:id/share': async (w) => ({
    method: 'POST',
    url: url(await freshShared(w), '/share'),
    body: { shared: false },
  }),
  'DELETE /api/ops/saved-search/:id': async (w) => ({ method: 'DELETE', url: url(await freshShared(w)) }),
  'GET /api/ops/saved-search/:id/results': async (w) => ({ method: 'GET', url: url(await sharedOf(w), '/results') }),
};
