import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  assetRow,
  dialect,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
} from '../../../test/harness.js';
import { startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { sql } from 'kysely';
import { makeRepos } from '../../repos.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Cards Co');
});
afterAll(() => t.close());

type Child = { id: number; name: string; asset_count: number; mosaic: string[] };
const children = async (c: Client, id: number) => {
  const r = await c.get(`/api/ops/folder/${id}`);
  expect(r.statusCode).toBe(200);
  return new Map((r.json().folder.children as Child[]).map((x) => [x.name, x]));
};
const day = (d: number) => new Date(Date.UTC(2026, 0, d)).toISOString();

describe('folder cards', () => {
  it('count the assets under each subfolder and show the latest thumbnails, as the caller may see them', async () => {
    const parent = await makeFolder(admin, brand.id, 'Parent');
    const photos = await makeFolder(admin, brand.id, 'Photos', parent);
    const deep = await makeFolder(admin, brand.id, 'Deep', photos);
    const secret = await makeFolder(admin, brand.id, 'Secret', photos, 'PRIVATE');
    await makeFolder(admin, brand.id, 'Empty', parent);
    await insertAssets(t.built.handle.db, [
      assetRow(brand.id, photos, 'p1', { thumb_key: 'thumbs/p1.webp', created_at: day(1) }),
      assetRow(brand.id, photos, 'p2', { thumb_key: 'thumbs/p2.webp', created_at: day(2) }),
      assetRow(brand.id, deep, 'd3', { thumb_key: 'thumbs/d3.webp', created_at: day(3) }),
      // No thumbnail (a zip, say): counted, never in the mosaic.
      assetRow(brand.id, deep, 'd4', { thumb_key: null, created_at: day(4) }),
      assetRow(brand.id, photos, 'p5', { thumb_key: 'thumbs/p5.webp', created_at: day(5), visibility: 'PRIVATE' }),
      assetRow(brand.id, secret, 's6', { thumb_key: 'thumbs/s6.webp', created_at: day(6) }),
      assetRow(brand.id, deep, 'd7', { thumb_key: 'thumbs/d7.webp', created_at: day(7), status: 'INACTIVE' }),
    ]);
    const keys = (c: Child) => c.mosaic.map((u) => u.match(/thumbs\/(\w+)\.webp/)?.[1]);

    const all = await children(admin, parent);
    expect(all.get('Photos')).toMatchObject({ asset_count: 6 });
    expect(keys(all.get('Photos')!)).toEqual(['s6', 'p5', 'd3', 'p2']);
    expect(all.get('Photos')!.mosaic[0]).toMatch(/^\/api\/media\/thumbs\/s6\.webp\?.*sig/);
    expect(all.get('Empty')).toMatchObject({ asset_count: 0, mosaic: [] });

    // Guests see PUBLIC assets in PUBLIC folders only.
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const seen = await children(guest.client, parent);
    expect(seen.get('Photos')).toMatchObject({ asset_count: 4 });
    expect(keys(seen.get('Photos')!)).toEqual(['d3', 'p2', 'p1']);
    expect([...(await children(guest.client, photos)).keys()]).toEqual(['Deep']);

    // Removing a subfolder takes its assets out of the figures.
    await admin.put(`/api/ops/folder/${deep}/status/change`);
    expect((await children(admin, parent)).get('Photos')).toMatchObject({ asset_count: 4 });
  });

  it('answers a folder of 200 subfolders with thousands of assets quickly', async () => {
    const db = t.built.handle.db;
    const repos = makeRepos(db);
    const big = await makeFolder(admin, brand.id, 'Big');
    const bigRow = (await repos.folders.byId(big))!;
    const at = day(1);
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < 200; i++) {
      const id = await repos.folders.insert({
        brand_id: brand.id,
        parent: bigRow,
        name: `Child ${String(i).padStart(3, '0')}`,
        visibility: i % 10 === 0 ? 'PRIVATE' : 'PUBLIC',
        created_by: 1,
        at,
      });
      const row = (await repos.folders.byId(id))!;
      const sub = await repos.folders.insert({
        brand_id: brand.id,
        parent: row,
        name: 'Sub',
        visibility: 'PUBLIC',
        created_by: 1,
        at,
      });
      for (let j = 0; j < 10; j++) {
        rows.push(
          assetRow(brand.id, j % 2 ? id : sub, `b${i}x${j}`, {
            thumb_key: `thumbs/b${i}x${j}.webp`,
            created_at: day(1 + j),
          }),
        );
      }
    }
    await insertAssets(db, rows);
    if (dialect === 'postgres') await sql`analyze`.execute(db);

    const times: number[] = [];
    let answer: Map<string, Child> | undefined;
    for (let k = 0; k < 12; k++) {
      const started = performance.now();
      answer = await children(admin, big);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `[timing] ${dialect} GET /api/ops/folder/:id with 200 subfolders, 2000 assets: median ${median.toFixed(1)} ms, min ${times[0]!.toFixed(1)} ms`,
    );
    expect(answer!.size).toBe(200);
    expect(answer!.get('Child 001')).toMatchObject({ asset_count: 10 });
    expect(answer!.get('Child 001')!.mosaic).toHaveLength(4);
    expect(median).toBeLessThan(1000);
  }, 120_000);
});
