import type { CompiledQuery } from 'kysely';
import { queryPlan } from '../../../test/queryPlan.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MANAGER_SORTS } from '@brandvault/contract';
import {
  adminClient,
  assetRow,
  dialect,
  insertAssets,
  makeBrand,
  makeFolder,
  startApp,
} from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';
import { assetManagerRepo } from './manager.repo.js';
import type { ManagerFilters, ManagerOrder } from './manager.repo.js';

let t: TestApp;
let repo: ReturnType<typeof assetManagerRepo>;
let brands: number[];
let subtree: string;
let uploader: number;
const TYPES = ['image', 'video', 'document', 'audio', 'other'];

beforeAll(async () => {
  t = await startApp();
  const admin = await adminClient(t);
  const a = await makeBrand(admin, 'Plans A');
  const b = await makeBrand(admin, 'Plans B');
  brands = [a.id, b.id];
  const section = await makeFolder(admin, a.id, 'Section', a.root);
  const nested = await makeFolder(admin, a.id, 'Nested', section);
  uploader = (await admin.get('/api/auth/me')).json().session_user.id;
  const db = t.built.handle.db;
  subtree = (await db.selectFrom('folders').select('path').where('id', '=', section).executeTakeFirstOrThrow()).path;
  const folders = [a.root, section, nested];
  // Deterministic variety: sizes and dates repeat (ties break by id), a tenth removed, some PRIVATE.
  const rows = Array.from({ length: 240 }, (_, i) => {
    const inB = i % 6 === 5;
    return assetRow(inB ? b.id : a.id, inB ? b.root : folders[i % 3]!, `plan${i}`, {
      name: `${['Zeta', 'alpha', 'Árbol', 'beta'][i % 4]} ${(i * 37) % 100}.jpg`,
      type: TYPES[i % 5],
      size: ((i * 7919) % 50) * 100,
      status: i % 10 === 3 ? 'INACTIVE' : 'ACTIVE',
      visibility: i % 9 === 4 ? 'PRIVATE' : 'PUBLIC',
      created_by: i % 4 === 1 ? uploader : null,
      created_at: new Date(Date.UTC(2026, 0, 1 + (i % 40))).toISOString(),
    });
  });
  await insertAssets(db, rows);
  repo = assetManagerRepo(db, dialect);
});
afterAll(() => t.close());

const filterSets = (): [string, ManagerFilters][] => {
  const base = { brandIds: brands, active: [1, 0] as (0 | 1)[], withPrivate: true };
  return [
    ['every brand, both statuses', base],
    ['one brand, removed only', { ...base, brandIds: [brands[0]!], active: [0] }],
    ['guest-like: active, public', { ...base, active: [1], withPrivate: false }],
    ['type and days', { ...base, type: 'image', from: '2026-01-05T00:00:00.000Z', before: '2026-01-30T00:00:00.000Z' }],
    ['subtree', { ...base, brandIds: [brands[0]!], path: subtree }],
    ['uploader', { ...base, uploader }],
  ];
};

const planOf = (q: CompiledQuery) => queryPlan(t.built.handle.db, dialect, q);

describe('the all-assets table at scale (repository)', () => {
  it('walks the same pages the sorted plan lists, for every order and filter', async () => {
    for (const [label, f] of filterSets())
      for (const key of ASSET_MANAGER_SORTS)
        for (const dir of ['asc', 'desc'] as const) {
          const order: ManagerOrder = { key, dir };
          const total = await repo.count(f, 1000);
          expect(total, label).toBeGreaterThan(0);
          const sortedAll = await repo.pageIds(f, order, 1000, 0, false);
          expect(sortedAll.length, label).toBe(total);
          for (const [limit, offset] of [
            [7, 0],
            [7, 14],
            [50, 30],
          ] as const) {
            const walked = await repo.pageIds(f, order, limit, offset, true);
            expect(walked, `${label}, ${key} ${dir}, ${offset}+${limit}`).toEqual(
              sortedAll.slice(offset, offset + limit),
            );
          }
        }
  });

  it('stops counting after the cap', async () => {
    const f = filterSets()[0]![1];
    expect(await repo.count(f, 1000)).toBe(240);
    expect(await repo.count(f, 25)).toBe(26);
  });

  it('walks a sort index for each brand and status, reading no table in order (query plans)', async () => {
    const one = { brandIds: [brands[0]!], active: [1] as (0 | 1)[], withPrivate: false, type: 'image' };
    for (const key of ASSET_MANAGER_SORTS) {
      const text = await planOf(repo.pageQuery(one, { key, dir: 'desc' }, 50, 100, true).compile());
      if (process.env.SHOW_PLANS) console.log(`-- walk ${key}\n${text}`);
      // With one type asked for, PostgreSQL may walk the name index for the type order (the same order).
      const index = { size: /assets_manager_size/, date: /asset_search_brand_date/, name: /asset_search_brand_name/ };
      expect(text, key).toMatch(key === 'type' ? /asset_search_brand_(type|name)/ : index[key]);
      if (dialect === 'sqlite') expect(text, key).not.toMatch(/TEMP B-TREE/);
      else expect(text, key).not.toMatch(/Seq Scan|Sort/);
    }
    // Two brands and both statuses: four walks, merged.
    const merged = await planOf(
      repo.pageQuery(filterSets()[0]![1], { key: 'date', dir: 'desc' }, 50, 0, true).compile(),
    );
    expect(merged.match(/asset_search_brand_date_path/g)?.length).toBe(4);
  });

  it('counts and sorts small answers from the filters’ indexes, never scanning assets (query plans)', async () => {
    for (const [label, f] of filterSets()) {
      const count = repo.countQuery(f, 1000).compile(t.built.handle.db);
      const page = repo.pageQuery(f, { key: 'name', dir: 'asc' }, 50, 0, false).compile();
      for (const q of [count, page]) {
        const text = await planOf(q);
        if (process.env.SHOW_PLANS) console.log(`-- ${label}\n${text}`);
        expect(text, label).not.toMatch(/Seq Scan on (assets|asset_search)|SCAN (a|s)( |$)(?!USING)/m);
      }
    }
  });
});
