import sharp from 'sharp';
import { sql } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { queryPlan } from '../../../test/queryPlan.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  dialect,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
  multipart,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { mediaUrlFactory } from '../../lib/mediaUrl.js';
import { makeRepos } from '../../repos.js';
import type { Deps } from '../../deps/deps.js';
import { searchRepo } from './search.repo.js';
import { searchService } from './search.service.js';
import { contextFor } from '../../lib/requestContext.js';

let t: TestApp;
let admin: Client;
let guest: Client;
let member: Client;
let outsider: Client;
let brand: { id: number; root: number };
let other: { id: number; root: number };
let camp: number; // Campaigns
let sub: number; // Campaigns/Sub
let secret: number; // PRIVATE
let misc: number;
let otherFolder: number;
const ids: Record<string, number> = {};

const jpeg = (seed: number) =>
  sharp({ create: { width: 64 + seed, height: 48, channels: 3, background: { r: seed % 255, g: 20, b: 200 } } })
    .jpeg()
    .toBuffer();

async function upload(c: Client, brandId: number, folderId: number, name: string, seed: number) {
  // A second between uploads: the date sorts are then deterministic.
  t.clock.advance(1000);
  const r = await c.form(
    'POST',
    `/api/ops/asset/${brandId}/${folderId}/new`,
    multipart({}, [{ field: 'files', name, type: 'image/jpeg', data: await jpeg(seed) }]),
  );
  if (r.statusCode !== 201) throw new Error(`upload ${name}: ${r.statusCode} ${r.body}`);
  return r.json().results[0].asset_id as number;
}

type Page = {
  items: { id: number; name: string; abilities: Record<string, boolean>; thumbnail_url: string | null }[];
  total: number;
  total_capped: boolean;
  page: number;
  per_page: number;
  facets: Record<string, { value: string; count: number }[]>;
};
const search = (c: Client, folderId: number, body: Record<string, unknown> = {}, qs = '') =>
  c.post(`/api/ops/asset/list/all/${folderId}${qs}`, body);
async function names(c: Client, folderId: number, body: Record<string, unknown> = {}) {
  const r = await search(c, folderId, body, '?per_page=200');
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as Page).items.map((i) => i.name).sort();
}
const facet = (p: Page, f: string) => Object.fromEntries(p.facets[f]!.map((x) => [x.value, x.count]));

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Search Co');
  other = await makeBrand(admin, 'Other Search Co');
  camp = await makeFolder(admin, brand.id, 'Campaigns');
  sub = await makeFolder(admin, brand.id, 'Sub', camp);
  secret = await makeFolder(admin, brand.id, 'Secret', undefined, 'PRIVATE');
  misc = await makeFolder(admin, brand.id, 'Misc');
  otherFolder = await makeFolder(admin, other.id, 'Theirs');
  guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  outsider = (await makeUser(t, admin, { roles: ['member'], brands: [other.id] })).client;

  ids.hero = await upload(admin, brand.id, camp, 'Campana-hero.jpg', 1);
  ids.sub = await upload(admin, brand.id, sub, 'sub-image.jpg', 2);
  ids.secret = await upload(admin, brand.id, secret, 'secret-plan.jpg', 3);
  ids.priv = await upload(admin, brand.id, camp, 'private-asset.jpg', 4);
  ids.theirs = await upload(admin, other.id, otherFolder, 'campana-theirs.jpg', 5);
  // Every edit must land: a failed one would leave an asset public and its categories uncounted.
  const edit = async (id: number, body: Record<string, unknown>) => {
    const r = await admin.put(`/api/ops/asset/${id}/edit`, body);
    expect(r.statusCode, r.body).toBe(200);
  };
  await edit(ids.hero!, {
    description: 'Hero shot for the CAMPAÑA',
    keywords: ['summer'],
    categories: ['Sports'],
    language: 'Flat',
  });
  await edit(ids.sub!, { keywords: ['winter'], categories: ['Sports', 'Kids'] });
  await edit(ids.priv!, { visibility: 'PRIVATE', categories: ['Hidden'], language: 'Secretive' });
  await edit(ids.secret!, { categories: ['Hidden'] });
  await edit(ids.theirs!, { categories: ['Theirs'] });
}, 60_000);
afterAll(() => t.close());

describe('asset search: scope and permissions', () => {
  it('GET lists the whole brand from its root, with cards, abilities and facets; never another brand', async () => {
    const r = await admin.get(`/api/ops/asset/list/all/${brand.root}`);
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json() as Page;
    expect(p.items.map((i) => i.name).sort()).toEqual([
      'Campana-hero.jpg',
      'private-asset.jpg',
      'secret-plan.jpg',
      'sub-image.jpg',
    ]);
    expect(p.total).toBe(4);
    expect(p.total_capped).toBe(false);
    expect(p.page).toBe(1);
    expect(p.per_page).toBe(50);
    expect(p.items[0]!.abilities.update).toBe(true);
    expect(facet(p, 'type')).toEqual({ image: 4 });
    expect(facet(p, 'extension')).toEqual({ jpg: 4 });
    expect(facet(p, 'category')).toEqual({ Sports: 2, Kids: 1, Hidden: 2 });
    expect(facet(p, 'category').Theirs).toBeUndefined();
  });

  it('answers 404 for a folder of a brand the caller is not assigned to', async () => {
    expect((await search(guest, otherFolder)).statusCode).toBe(404);
    expect((await search(outsider, camp)).statusCode).toBe(404);
    expect((await outsider.get(`/api/ops/asset/list/all/${other.root}`)).json().total).toBe(1);
  });

  it('answers 404 for a folder that does not exist and 422 for one that is not an id, signed in or not', async () => {
    expect((await admin.get('/api/ops/asset/list/all/987654321')).statusCode).toBe(404);
    expect((await admin.get('/api/ops/asset/list/all/0')).statusCode).toBe(422);
    expect((await admin.get('/api/ops/asset/list/all/abc')).statusCode).toBe(422);
    expect((await admin.get('/api/ops/asset/list/all/99999999999999999999')).statusCode).toBe(422);
    expect((await t.client().get(`/api/ops/asset/list/all/${camp}`)).statusCode).toBe(401);
  });

  it('hides PRIVATE assets and assets under PRIVATE folders from guests in items, totals and facets', async () => {
    const r = await search(guest, brand.root);
    const p = r.json() as Page;
    expect(p.items.map((i) => i.name).sort()).toEqual(['Campana-hero.jpg', 'sub-image.jpg']);
    expect(p.total).toBe(2);
    expect(facet(p, 'type')).toEqual({ image: 2 });
    expect(facet(p, 'category')).toEqual({ Sports: 2, Kids: 1 });
    expect(facet(p, 'language')).toEqual({ Flat: 1 });
    expect((await search(guest, brand.root, { q: 'secret' })).json().total).toBe(0);
    expect((await search(guest, brand.root, { visibility: 'PRIVATE' })).json().total).toBe(0);
    expect((await search(guest, secret)).statusCode).toBe(404);
    // Members' role allows private content.
    expect((await search(member, brand.root)).json().total).toBe(4);
    expect(await names(member, secret)).toEqual(['secret-plan.jpg']);
  });

  it('searches a folder alone or with its subfolders', async () => {
    expect(await names(admin, camp, { recursive: false })).toEqual(['Campana-hero.jpg', 'private-asset.jpg']);
    expect(await names(admin, camp)).toEqual(['Campana-hero.jpg', 'private-asset.jpg', 'sub-image.jpg']);
    expect(await names(admin, sub)).toEqual(['sub-image.jpg']);
    expect(await names(admin, brand.root, { recursive: false })).toEqual([]);
  });
});

describe('asset search: full text', () => {
  it('is accent- and case-insensitive over name, description, keywords and categories', async () => {
    for (const q of ['campaña', 'CAMPAÑA', 'Campana', 'campana'])
      expect(await names(admin, brand.root, { q }), q).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, brand.root, { q: 'summer' })).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, brand.root, { q: 'kids' })).toEqual(['sub-image.jpg']);
    expect(await names(admin, brand.root, { q: 'sports' })).toEqual(['Campana-hero.jpg', 'sub-image.jpg']);
    expect(await names(admin, brand.root, { q: 'nothing-like-this' })).toEqual([]);
    expect(await names(admin, brand.root, { q: '!!!' })).toEqual([]);
  });

  it('matches the last word as a prefix, every word required', async () => {
    expect(await names(admin, brand.root, { q: 'hero sho' })).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, brand.root, { q: 'her' })).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, brand.root, { q: 'sho hero' })).toEqual([]);
    expect(await names(admin, brand.root, { q: 'hero winter' })).toEqual([]);
  });

  it('counts an asset holding several words of a prefix once, in every scope', async () => {
    // "s": summer, shot, sports, sub, secret. Campana-hero holds three of them.
    const r = (await search(admin, brand.root, { q: 's' })).json() as Page;
    expect(r.items.map((i) => i.name).sort()).toEqual(['Campana-hero.jpg', 'secret-plan.jpg', 'sub-image.jpg']);
    expect([r.total, facet(r, 'type')]).toEqual([3, { image: 3 }]);
    const guests = (await search(guest, brand.root, { q: 's' })).json() as Page;
    expect([guests.total, guests.items.map((i) => i.name).sort()]).toEqual([2, ['Campana-hero.jpg', 'sub-image.jpg']]);
    expect(await names(admin, camp, { q: 's', recursive: false })).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, camp, { q: 'sports' })).toEqual(['Campana-hero.jpg', 'sub-image.jpg']);
    expect(await names(admin, sub, { q: 'sports', extension: ['jpg'], type: ['image'] })).toEqual(['sub-image.jpg']);
    expect(await names(admin, sub, { q: 'sports', extension: ['png'] })).toEqual([]);
  });
});

describe('asset search: filters and sorts', () => {
  it('filters by type, extension, categories, language, visibility and dates', async () => {
    expect(await names(admin, brand.root, { type: ['document'] })).toEqual([]);
    expect((await names(admin, brand.root, { type: ['image', 'video'] })).length).toBe(4);
    expect((await names(admin, brand.root, { extension: ['JPG'] })).length).toBe(4);
    expect(await names(admin, brand.root, { extension: ['png'] })).toEqual([]);
    expect(await names(admin, brand.root, { categories: ['Kids'] })).toEqual(['sub-image.jpg']);
    expect(await names(admin, brand.root, { categories: ['Kids', 'Hidden'] })).toEqual([
      'private-asset.jpg',
      'secret-plan.jpg',
      'sub-image.jpg',
    ]);
    // Categories with privacy and dates: a guest never gets the PRIVATE ones, nor their count.
    const hidden = (await search(guest, brand.root, { categories: ['Kids', 'Hidden'] })).json() as Page;
    expect([hidden.items.map((i) => i.name), hidden.total]).toEqual([['sub-image.jpg'], 1]);
    expect(await names(admin, brand.root, { categories: ['Hidden'], visibility: 'PUBLIC' })).toEqual([]);
    expect(await names(member, brand.root, { categories: ['Hidden'], visibility: 'PRIVATE' })).toEqual([
      'private-asset.jpg',
      'secret-plan.jpg',
    ]);
    expect(await names(admin, brand.root, { language: ['Flat'] })).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, brand.root, { visibility: 'PRIVATE' })).toEqual(['private-asset.jpg', 'secret-plan.jpg']);
    expect(await names(admin, brand.root, { visibility: 'PUBLIC' })).toEqual(['Campana-hero.jpg', 'sub-image.jpg']);
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await names(admin, brand.root, { date_from: day(0), date_to: day(0) })).length).toBe(4);
    expect(await names(admin, brand.root, { categories: ['Kids'], date_from: day(0), date_to: day(0) })).toEqual([
      'sub-image.jpg',
    ]);
    expect(await names(admin, brand.root, { categories: ['Kids'], date_from: day(1) })).toEqual([]);
    expect(await names(admin, brand.root, { date_from: day(1) })).toEqual([]);
    expect(await names(admin, brand.root, { date_to: day(-1) })).toEqual([]);
    expect((await search(admin, brand.root, { type: ['nope'] })).statusCode).toBe(422);
    // A reversed range is refused with a field message, not answered with nothing.
    const reversed = await search(admin, brand.root, { date_from: day(0), date_to: day(-1) });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().error.fields).toEqual({ date_to: 'End date must be on or after the start date' });
  });

  it('sorts by name and date in every mode, ties by id', async () => {
    const order = async (sort: Record<string, string>) =>
      ((await search(admin, brand.root, { sort })).json() as Page).items.map((i) => i.name);
    const byName = ['Campana-hero.jpg', 'private-asset.jpg', 'secret-plan.jpg', 'sub-image.jpg'];
    const byUpload = ['Campana-hero.jpg', 'sub-image.jpg', 'secret-plan.jpg', 'private-asset.jpg'];
    expect(await order({ attribute: 'name', mode: 'asc' })).toEqual(byName);
    expect(await order({ attribute: 'name', mode: 'desc' })).toEqual([...byName].reverse());
    expect(await order({ attribute: 'date', mode: 'oldest' })).toEqual(byUpload);
    expect(await order({ attribute: 'date', mode: 'asc' })).toEqual(byUpload);
    expect(await order({ attribute: 'date', mode: 'latest' })).toEqual([...byUpload].reverse());
    expect(await order({ attribute: 'date', mode: 'desc' })).toEqual([...byUpload].reverse());
    expect(await order({ attribute: 'name', mode: 'latest' })).toEqual([...byUpload].reverse());
    expect(await order({ attribute: 'name', mode: 'oldest' })).toEqual(byUpload);
  });
});

describe('asset search: kept in step with changes', () => {
  it('finds the new keyword after an edit, not the old one; and a renamed asset by its new name', async () => {
    await admin.put(`/api/ops/asset/${ids.hero}/edit`, { keywords: ['autumn'] });
    expect(await names(admin, brand.root, { q: 'autumn' })).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, brand.root, { q: 'summer' })).toEqual([]);
    await admin.put(`/api/ops/asset/${ids.sub}/edit`, { name: 'Niño-grande.jpg' });
    expect(await names(admin, brand.root, { q: 'nino' })).toEqual(['Niño-grande.jpg']);
    expect(await names(admin, brand.root, { q: 'sub' })).toEqual([]);
  });

  it('finds a word an edit or an upload adds by its prefix, beside indexed words that start the same', async () => {
    // "hero" is indexed already: a new word under the same prefix must join it, not replace it
    // (PostgreSQL reads a prefix as the vocabulary's words; SQLite matches it in FTS5).
    await admin.put(`/api/ops/asset/${ids.sub}/edit`, { description: 'Heroine pose' });
    expect(await names(admin, brand.root, { q: 'hero' })).toEqual(['Campana-hero.jpg', 'Niño-grande.jpg']);
    expect(await names(admin, brand.root, { q: 'heroi' })).toEqual(['Niño-grande.jpg']);
    const heroic = await upload(admin, other.id, otherFolder, 'heroic-theirs.jpg', 6);
    expect(await names(outsider, other.root, { q: 'heroi' })).toEqual(['heroic-theirs.jpg']);
    expect(await names(admin, brand.root, { q: 'heroi' })).toEqual(['Niño-grande.jpg']);
    // Back as the later tests expect it: no description, one asset in the other brand.
    await admin.put(`/api/ops/asset/${ids.sub}/edit`, { description: null });
    await t.built.handle.db.deleteFrom('assets').where('id', '=', heroic).execute();
    expect(await names(admin, brand.root, { q: 'heroine' })).toEqual([]);
  });

  it('never answers a repeated search from before a change (kept answers follow the brand generation)', async () => {
    const ask = () => names(guest, brand.root, { q: 'zebra' });
    expect(await ask()).toEqual([]);
    expect(await ask()).toEqual([]);
    await admin.put(`/api/ops/asset/${ids.hero}/edit`, { description: 'A zebra crossing' });
    expect(await ask()).toEqual(['Campana-hero.jpg']);
    expect(
      (await admin.form('POST', `/api/ops/folder/${camp}/update`, multipart({ visibility: 'PRIVATE' }))).statusCode,
    ).toBe(200);
    expect(await ask()).toEqual([]);
    expect(await names(admin, brand.root, { q: 'zebra' })).toEqual(['Campana-hero.jpg']);
    expect(
      (await admin.form('POST', `/api/ops/folder/${camp}/update`, multipart({ visibility: 'PUBLIC' }))).statusCode,
    ).toBe(200);
    expect(await ask()).toEqual(['Campana-hero.jpg']);
    await admin.put(`/api/ops/asset/${ids.hero}/edit`, { description: 'Hero shot for the CAMPAÑA' });
    expect(await ask()).toEqual([]);
  });

  it('gives each caller their own abilities when callers share a kept answer', async () => {
    const abilities = async (c: Client) =>
      ((await search(c, brand.root, { q: 'campana' })).json() as Page).items.map((i) => i.abilities);
    for (let i = 0; i < 2; i++) {
      expect((await abilities(admin)).every((a) => a.remove && a.lock_name)).toBe(true);
      expect((await abilities(member)).every((a) => a.update && !a.remove && !a.lock_name)).toBe(true);
    }
  });

  it('never shows a kept card older than its asset (a finished thumbnail, a failed derivative)', async () => {
    const card = async () => {
      const p = (await search(member, brand.root, { q: 'campana hero' })).json() as Page & {
        items: { derivatives: string }[];
      };
      return p.items[0]!;
    };
    const repos = makeRepos(t.built.handle.db);
    const row = () =>
      t.built.handle.db
        .selectFrom('assets')
        .select(['derivative_rev', 'derivatives', 'thumb_key'])
        .where('id', '=', ids.hero!)
        .executeTakeFirstOrThrow();
    const rev = async () => Number((await row()).derivative_rev);
    const before = await row();
    expect(await repos.assets.setDerivatives(ids.hero!, await rev(), { derivatives: 'failed', thumb_key: null })).toBe(
      true,
    );
    expect(await card()).toMatchObject({ derivatives: 'failed', thumbnail_url: null });
    expect(await card()).toMatchObject({ derivatives: 'failed', thumbnail_url: null });
    // What the derivative job writes when it finishes.
    await repos.assets.setDerivatives(ids.hero!, await rev(), {
      derivatives: 'ready',
      thumb_key: 'derivatives/x/t.webp',
    });
    const after = await card();
    expect(after.derivatives).toBe('ready');
    expect(after.thumbnail_url).toContain('derivatives/x/t.webp');
    await repos.assets.setDerivatives(ids.hero!, await rev(), {
      derivatives: before.derivatives,
      thumb_key: before.thumb_key,
    });
  });

  it('finds a moved asset under its new folder, not the old one', async () => {
    const r = await admin.post(`/api/ops/asset/all/move/${misc}`, { ids: [ids.sub] });
    expect(r.statusCode, r.body).toBe(200);
    expect(await names(admin, sub)).toEqual([]);
    expect(await names(admin, camp)).toEqual(['Campana-hero.jpg', 'private-asset.jpg']);
    expect(await names(admin, misc, { q: 'nino' })).toEqual(['Niño-grande.jpg']);
  });

  it('drops removed assets from items, totals and facets, and brings them back on restore', async () => {
    const sports = () => names(admin, brand.root, { categories: ['Sports'] });
    expect(await sports()).toContain('Campana-hero.jpg');
    expect((await admin.put(`/api/ops/asset/${ids.hero}/status/change`)).statusCode).toBe(200);
    expect(await sports()).not.toContain('Campana-hero.jpg');
    let p = (await search(guest, brand.root)).json() as Page;
    expect(p.items.map((i) => i.name)).toEqual(['Niño-grande.jpg']);
    expect(p.total).toBe(1);
    expect(facet(p, 'language')).toEqual({});
    expect(await names(admin, brand.root, { q: 'campaña' })).toEqual([]);
    expect((await admin.put(`/api/ops/asset/${ids.hero}/status/change`)).statusCode).toBe(200);
    p = (await search(guest, brand.root)).json() as Page;
    expect(p.total).toBe(2);
    expect(facet(p, 'language')).toEqual({ Flat: 1 });
    expect(await names(guest, brand.root, { q: 'campaña' })).toEqual(['Campana-hero.jpg']);
    expect(await sports()).toContain('Campana-hero.jpg');
  });

  it('indexes copies, and follows folder moves and privacy changes', async () => {
    const c = await admin.post(`/api/ops/asset/${ids.hero}/copy`, { folder_id: misc });
    expect(c.statusCode, c.body).toBeLessThan(300);
    expect((await names(admin, brand.root, { q: 'autumn' })).length).toBe(2);
    // Misc moves under Secret (PRIVATE): its assets leave the guest's view and follow the path.
    expect((await admin.post(`/api/ops/folder/${misc}/move`, { parent_id: secret })).statusCode).toBe(200);
    expect(await names(guest, brand.root)).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, secret)).toEqual(['Campana-hero.jpg', 'Niño-grande.jpg', 'secret-plan.jpg']);
    expect(await names(admin, camp)).toEqual(['Campana-hero.jpg', 'private-asset.jpg']);
    // Words with a subfolder, type and extension (on SQLite the full-text rows hold the folders).
    const jpgs = { type: ['image', 'video'], extension: ['JPG', 'mp4'] };
    expect(await names(admin, secret, { q: 'autumn', ...jpgs })).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, misc, { q: 'autu', recursive: false, type: ['image'] })).toEqual(['Campana-hero.jpg']);
    expect(await names(admin, secret, { q: 'autumn', type: ['video'] })).toEqual([]);
    expect(await names(admin, camp, { q: 'autumn', ...jpgs })).toEqual(['Campana-hero.jpg']);
    // Back under the root, and Campaigns made PRIVATE by an update.
    expect((await admin.post(`/api/ops/folder/${misc}/move`, { parent_id: brand.root })).statusCode).toBe(200);
    expect(await names(admin, secret, { q: 'autumn', ...jpgs })).toEqual([]);
    expect(await names(admin, misc, { q: 'autumn', ...jpgs })).toEqual(['Campana-hero.jpg']);
    expect((await names(guest, brand.root)).sort()).toEqual([
      'Campana-hero.jpg',
      'Campana-hero.jpg',
      'Niño-grande.jpg',
    ]);
    const u = await admin.form('POST', `/api/ops/folder/${camp}/update`, multipart({ visibility: 'PRIVATE' }));
    expect(u.statusCode, u.body).toBe(200);
    expect(await names(guest, brand.root)).toEqual(['Campana-hero.jpg', 'Niño-grande.jpg']);
    expect(await names(guest, brand.root, { q: 'autumn' })).toEqual(['Campana-hero.jpg']);
  });

  it('forgets the assets of a folder in the Trash, full-text rows included, and their rows once purged', async () => {
    const gone = await upload(admin, brand.id, misc, 'zebra-unique.jpg', 9);
    expect(await names(admin, brand.root, { q: 'zebra' })).toEqual(['zebra-unique.jpg']);
    const r = await admin.put(`/api/ops/folder/${misc}/status/change`);
    expect(r.statusCode, r.body).toBe(200);
    expect(await names(admin, brand.root, { q: 'zebra' })).toEqual([]);
    const db = t.built.handle.db;
    const row = () =>
      db.selectFrom('asset_search').select(['asset_id', 'active']).where('asset_id', '=', gone).execute();
    // In the Trash the row stays, inactive, for a restore.
    expect(await row()).toEqual([{ asset_id: gone, active: 0 }]);
    if (dialect === 'sqlite') {
      const stale = await sql<{ rowid: number }>`select rowid from assets_fts where assets_fts match 'zebra'`.execute(
        db,
      );
      expect(stale.rows).toEqual([]);
      await sql`insert into assets_fts (assets_fts) values ('integrity-check')`.execute(db);
    }
    const purged = await admin.req('DELETE', `/api/ops/folder/${misc}/purge`);
    expect(purged.statusCode, purged.body).toBe(200);
    expect(await row()).toEqual([]);
  });
  it('keeps the count tables equal to the rows after all of the above', async () => {
    const db = t.built.handle.db;
    type Row = { k: number; hidden: number; facet: string; value: string; n: number };
    const live = async (key: 'folder_id' | 'brand_id') => {
      const rows = await db.selectFrom('asset_search').selectAll().where('active', '=', 1).execute();
      const counts = new Map<string, number>();
      for (const r of rows) {
        const pairs: [string, string | null][] = [
          ['type', r.type],
          ['extension', r.ext],
          ['author', r.author],
          ['language', r.language],
          ...(JSON.parse(r.categories) as string[]).map((c): [string, string] => ['category', c]),
        ];
        for (const [facet, value] of pairs)
          if (value) {
            const k = `${r[key]}|${r.hidden}|${facet}|${value}`;
            counts.set(k, (counts.get(k) ?? 0) + 1);
          }
      }
      return [...counts].map(([k, n]) => `${k}|${n}`).sort();
    };
    const stored = async (table: 'asset_facets' | 'brand_facets', key: 'folder_id' | 'brand_id') =>
      (
        await sql<Row>`select ${sql.ref(key)} as k, hidden, facet, value, n from ${sql.table(table)} where n <> 0`.execute(
          db,
        )
      ).rows
        .map((r) => `${r.k}|${r.hidden}|${r.facet}|${r.value}|${r.n}`)
        .sort();
    expect((await live('folder_id')).length).toBeGreaterThan(5);
    expect(await stored('asset_facets', 'folder_id')).toEqual(await live('folder_id'));
    expect(await stored('brand_facets', 'brand_id')).toEqual(await live('brand_id'));
    // One category row per asset and category, with its search row's status, privacy and date.
    const cats = await db.selectFrom('asset_categories').selectAll().execute();
    const expected = (await db.selectFrom('asset_search').selectAll().execute()).flatMap((r) =>
      (JSON.parse(r.categories) as string[]).map((c) => `${r.asset_id}|${c}|${r.active}|${r.hidden}|${r.sort_date}`),
    );
    expect(cats.length).toBeGreaterThan(2);
    expect(cats.map((c) => `${c.asset_id}|${c.category}|${c.active}|${c.hidden}|${c.sort_date}`).sort()).toEqual(
      [...new Set(expected)].sort(),
    );
    if (dialect === 'postgres') {
      // One word row per live asset and word of its text, with its scope, privacy, type and extension.
      const wordRows = await sql<{ k: string }>`
        select concat_ws('|', brand_id, word, folder_path, asset_id, hidden, type, ext) as k from asset_words`.execute(
        db,
      );
      const expectedWords = await sql<{ k: string }>`
        select concat_ws('|', s.brand_id, w.word, s.folder_path, s.asset_id, s.hidden, s.type, s.ext) as k
        from asset_search s cross join lateral unnest(tsvector_to_array(s.tsv)) w(word) where s.active = 1`.execute(db);
      expect(wordRows.rows.length).toBeGreaterThan(10);
      expect(wordRows.rows.map((r) => r.k).sort()).toEqual(expectedWords.rows.map((r) => r.k).sort());
      // Every indexed word is in the vocabulary the last word of a query is read from.
      const missing = await sql<{ word: string }>`
        select distinct w.word from asset_search s cross join lateral unnest(tsvector_to_array(s.tsv)) w(word)
        where not exists (select 1 from search_vocabulary v where v.word = w.word)`.execute(db);
      expect(missing.rows).toEqual([]);
      expect(
        Number(
          (
            await db
              .selectFrom('search_vocabulary')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBeGreaterThan(10);
    }
  });
});

describe('asset search: paging, bounds and facets at volume', () => {
  let bulk: { id: number; root: number };
  let bulkFolder: number;

  beforeAll(async () => {
    bulk = await makeBrand(admin, 'Bulk Co');
    bulkFolder = await makeFolder(admin, bulk.id, 'Many');
    // 300 rows through plain SQL (real inserts, so the triggers index them).
    const rows = Array.from({ length: 300 }, (_, i) => ({
      brand_id: bulk.id,
      folder_id: bulkFolder,
      name: `bulk-${String(i).padStart(3, '0')}.${i % 3 === 0 ? 'png' : 'jpg'}`,
      ext: i % 3 === 0 ? 'png' : 'jpg',
      mime: i % 3 === 0 ? 'image/png' : 'image/jpeg',
      type: 'image',
      size: 1000 + i,
      sha256: `bulk${i}`.padEnd(64, '0'),
      blob_key: `bulk/${i}`,
      author: i % 2 ? 'Ana' : 'Bea',
      description: i % 10 === 0 ? 'tenth row' : null,
      keywords: JSON.stringify(i % 5 === 0 ? ['fifth'] : []),
      categories: JSON.stringify(i % 4 === 0 ? ['Quarter', 'All'] : ['All']),
      language: i < 100 ? 'Bold' : null,
      visibility: i % 6 === 0 ? 'PRIVATE' : 'PUBLIC',
      status: i === 299 ? 'INACTIVE' : 'ACTIVE',
      derivatives: 'none',
      derivative_rev: 0,
      name_locked: 0,
      current_version: 1,
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      updated_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    }));
    await insertAssets(t.built.handle.db, rows);
  });

  it('pages with page and per_page, within bounds', async () => {
    const p1 = (await search(admin, bulk.root, {}, '?page=1')).json() as Page;
    expect(p1.total).toBe(299);
    expect(p1.items.length).toBe(50);
    expect(p1.items[0]!.name).toBe('bulk-000.png');
    const p2 = (await search(admin, bulk.root, {}, '?page=2')).json() as Page;
    expect(p2.page).toBe(2);
    expect(p2.items[0]!.name).toBe('bulk-050.jpg');
    const big = (await admin.get(`/api/ops/asset/list/all/${bulk.root}?per_page=200&page=2`)).json() as Page;
    expect(big.items.length).toBe(99);
    expect(big.items.at(-1)!.name).toBe('bulk-298.jpg');
    const beyond = (await search(admin, bulk.root, {}, '?page=7')).json() as Page;
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(299);
    expect((await search(admin, bulk.root, {}, '?per_page=201')).statusCode).toBe(422);
    expect((await search(admin, bulk.root, {}, '?per_page=0')).statusCode).toBe(422);
    expect((await search(admin, bulk.root, {}, '?page=0')).statusCode).toBe(422);
    const latest = (
      await search(admin, bulk.root, { sort: { attribute: 'date', mode: 'latest' } }, '?page=2')
    ).json() as Page;
    expect(latest.items[0]!.name).toBe('bulk-248.jpg');
  });

  it('counts facets exactly over the filtered set, and filters by author', async () => {
    const p = (await search(admin, bulk.root, {})).json() as Page;
    expect(facet(p, 'author')).toEqual({ Ana: 149, Bea: 150 });
    expect(facet(p, 'extension')).toEqual({ png: 100, jpg: 199 });
    expect(facet(p, 'category')).toEqual({ All: 299, Quarter: 75 });
    expect(facet(p, 'language')).toEqual({ Bold: 100 });
    const ana = (await search(admin, bulk.root, { author: ['Ana'], extension: ['png'] })).json() as Page;
    expect(ana.total).toBe(50);
    expect(facet(ana, 'author')).toEqual({ Ana: 50 });
    const q = (await search(admin, bulk.root, { q: 'fifth' })).json() as Page;
    expect(q.total).toBe(60);
    expect(facet(q, 'category')).toEqual({ All: 60, Quarter: 15 });
    // A member without private content: 50 PRIVATE rows out of 300 (one of them removed? no: 299 is not a multiple of 6).
    const g = await makeUser(t, admin, { roles: ['guest'], brands: [bulk.id] });
    const gp = (await search(g.client, bulk.root, {})).json() as Page;
    expect(gp.total).toBe(249);
    expect(facet(gp, 'extension')).toEqual({ png: 50, jpg: 199 });
  });

  it('sends a page compressed to clients that accept it: the same JSON once decompressed', async () => {
    const url = `/api/ops/asset/list/all/${bulk.root}?page=2`;
    const plain = await admin.req('POST', url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, unpack] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const r = await admin.req('POST', url, {}, { headers: { 'accept-encoding': accept } });
      expect(r.headers['content-encoding'], accept).toBe(encoding);
      expect(r.headers.vary).toContain('accept-encoding');
      expect(r.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(unpack(r.rawPayload).toString())).toEqual(plain.json());
    }
    const none = await admin.req('POST', url, {}, { headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(plain.json());
  });

  it('counts an asset in two of the chosen categories once, in the total, the facets and the pages', async () => {
    const both = (await search(admin, bulk.root, { categories: ['Quarter', 'All'], type: ['image'] })).json() as Page;
    expect(both.total).toBe(299);
    expect(facet(both, 'category')).toEqual({ All: 299, Quarter: 75 });
    expect(facet(both, 'author')).toEqual({ Ana: 149, Bea: 150 });
    const dated = (
      await search(
        admin,
        bulk.root,
        { categories: ['All', 'Quarter'], date_from: '2026-01-01', sort: { attribute: 'name', mode: 'asc' } },
        '?per_page=200&page=2',
      )
    ).json() as Page;
    expect(dated.total).toBe(299);
    expect(dated.items.length).toBe(99);
    expect(new Set(dated.items.map((i) => i.id)).size).toBe(99);
  });

  it('caps the exact total; facets are exact without filters and counted over the first matches with them', async () => {
    const built = t.built;
    const deps = {
      handle: built.handle,
      repos: makeRepos(built.handle.db),
      media: mediaUrlFactory('test-key', t.clock),
      clock: t.clock,
      config: { searchCacheEntries: 0 },
    } as unknown as Deps;
    const capped = searchService(deps, built.services.folders, { exactTotal: 100, facetSample: 120 });
    const actor = (await built.services.auth.actorFromHeader(`Bearer ${admin.token}`))!;
    const body = {
      recursive: true,
      sort: { attribute: 'name' as const, mode: 'asc' as const },
    };
    const sum = (list: { count: number }[]) => list.reduce((n, f) => n + f.count, 0);
    const r = (await capped.search(contextFor(actor), bulk.root, body, 3, 50)).value();
    expect(r.total).toBe(100);
    expect(r.total_capped).toBe(true);
    expect(r.items.length).toBe(50);
    // The count tables: every live asset of the brand, whatever the cap.
    expect(r.facets_capped).toBe(false);
    expect(r.facets.author).toEqual([
      { value: 'Bea', count: 150 },
      { value: 'Ana', count: 149 },
    ]);
    expect(r.facets.category.find((c) => c.value === 'Quarter')?.count).toBe(75);
    const filtered = (await capped.search(contextFor(actor), bulk.root, { ...body, type: ['image'] }, 1, 50)).value();
    expect(filtered.total_capped).toBe(true);
    expect(filtered.facets_capped).toBe(true);
    expect(sum(filtered.facets.type)).toBe(120);
    // A text query counts and groups in one pass: its sample is at most the cap + 1 rows it read.
    const words = (await capped.search(contextFor(actor), bulk.root, { ...body, q: 'bulk' }, 1, 50)).value();
    expect([words.total, words.total_capped, words.facets_capped]).toEqual([100, true, true]);
    expect(sum(words.facets.type)).toBe(101);
    const fewWords = (
      await capped.search(contextFor(actor), bulk.root, { ...body, q: 'bulk', extension: ['png'] }, 1, 50)
    ).value();
    expect([fewWords.total, fewWords.total_capped, fewWords.facets_capped]).toEqual([100, false, false]);
    expect(fewWords.facets.author).toEqual([
      { value: 'Ana', count: 50 },
      { value: 'Bea', count: 50 },
    ]);
    // More matches than the sample, fewer than the cap: the facets are counted over all of them.
    const small = searchService(deps, built.services.folders, { exactTotal: 100, facetSample: 30 });
    const mid = (
      await small.search(contextFor(actor), bulk.root, { ...body, q: 'bulk', extension: ['png'] }, 2, 40)
    ).value();
    expect([mid.total, mid.total_capped, mid.facets_capped, sum(mid.facets.type)]).toEqual([100, false, false, 100]);
    expect([mid.items.length, mid.items[0]?.name, mid.items.at(-1)?.name]).toEqual([
      40,
      'bulk-120.png',
      'bulk-237.png',
    ]);
    // Categories: one alone past the cap settles it; under it, the assets of all are counted once.
    const cats = async (categories: string[]) =>
      (await capped.search(contextFor(actor), bulk.root, { ...body, categories }, 1, 50)).value();
    const quarter = await cats(['Quarter']);
    expect([quarter.total, quarter.total_capped, sum(quarter.facets.type)]).toEqual([75, false, 75]);
    const both = await cats(['Quarter', 'All']);
    expect([both.total, both.total_capped, both.facets_capped, sum(both.facets.type)]).toEqual([100, true, true, 120]);
    const wide = searchService(deps, built.services.folders, { exactTotal: 300, facetSample: 120 });
    const all = (
      await wide.search(contextFor(actor), bulk.root, { ...body, categories: ['All', 'Quarter'] }, 1, 50)
    ).value();
    expect([all.total, all.total_capped, sum(all.facets.type)]).toEqual([299, false, 299]);
    const exact = (
      await capped.search(contextFor(actor), bulk.root, { ...body, author: ['Ana'], extension: ['png'] }, 1, 50)
    ).value();
    expect(exact.total).toBe(50);
    expect(exact.total_capped).toBe(false);
    expect(exact.facets_capped).toBe(false);
    expect(exact.facets.extension).toEqual([{ value: 'png', count: 50 }]);
  });

  it('takes the same page from the rows it groups for facets as the page query, when they are every match', async () => {
    const repo = searchRepo(t.built.handle.db, dialect);
    const scope = { kind: 'brand' as const, brandId: bulk.id };
    const cases = [
      { scope, withPrivate: true, terms: [], type: ['image'], author: ['Ana'] },
      { scope, withPrivate: false, terms: [], categories: ['Quarter', 'All'], extension: ['png', 'jpg'] },
      { scope, withPrivate: true, terms: ['bulk'], language: ['Bold'] },
    ];
    for (const f of cases)
      for (const order of [
        { key: 'name_lc' as const, dir: 'desc' as const },
        { key: 'sort_date' as const, dir: 'asc' as const },
      ])
        for (const offset of [0, 40, 280]) {
          const want = { order, limit: 40, offset, whenAtMost: 10_000 };
          const expected = await repo.page(f, order, 40, offset);
          const got = f.terms.length
            ? (await repo.summary(f, 10_000, 2000, 50, want)).ids
            : (await repo.facets(f, await repo.count(f, 10_000), 50, want)).ids;
          expect(got, JSON.stringify([f, order, offset])).toEqual(expected);
        }
    // Beyond the bound the rows are not every match: no page is taken from them.
    const many = { scope, withPrivate: true, terms: [], type: ['image'] };
    const want = { order: { key: 'name_lc' as const, dir: 'asc' as const }, limit: 40, offset: 0, whenAtMost: 100 };
    expect((await repo.summary({ ...many, terms: ['bulk'] }, 100, 50, 50, want)).ids).toBeUndefined();
    expect((await repo.facets(many, 101, 50, want)).ids).toBeUndefined();
  });

  it('gives the same pages whether it walks the sort index or gathers the matches first', async () => {
    const repo = searchRepo(t.built.handle.db, dialect);
    const scope = { kind: 'brand' as const, brandId: bulk.id };
    const cases = [
      { scope, withPrivate: true, terms: [], type: ['image'], author: ['Ana'] },
      { scope, withPrivate: false, terms: [], categories: ['Quarter'], extension: ['png', 'jpg'] },
      { scope, withPrivate: true, terms: [], language: ['Bold'], dateFrom: '2026-01-01T00:30:00.000Z' },
      { scope, withPrivate: true, terms: ['bulk'] },
    ];
    for (const f of cases)
      for (const order of [
        { key: 'name_lc' as const, dir: 'desc' as const },
        { key: 'sort_date' as const, dir: 'asc' as const },
      ]) {
        const text = f.terms.length ? { exists: ['bulk'] } : 'in';
        const gathered = await repo.page(f, order, 40, 20);
        expect(gathered.length, JSON.stringify(f)).toBeGreaterThan(0);
        expect(await repo.page(f, order, 40, 20, text, 'walk'), JSON.stringify(f)).toEqual(gathered);
      }
  });

  /** The bulk folder's path, for subtree and folder scopes. */
  const bulkPath = async () =>
    (
      await t.built.handle.db
        .selectFrom('folders')
        .select('path')
        .where('id', '=', bulkFolder)
        .executeTakeFirstOrThrow()
    ).path;

  const planOf = (q: CompiledQuery, costAside = false) => queryPlan(t.built.handle.db, dialect, q, costAside);

  it('walks a filtered page inside the sort index, reading no table row (query plans)', async () => {
    const repo = searchRepo(t.built.handle.db, dialect);
    const path = await bulkPath();
    const filters = (scope: Parameters<typeof repo.pageQuery>[0]['scope']) => ({
      scope,
      withPrivate: false,
      terms: [],
      author: ['Ana'],
      language: ['minimal'],
      type: ['image' as const],
      extension: ['jpg'],
      dateFrom: '2020-01-01T00:00:00.000Z',
    });
    const scopes = [
      { kind: 'brand' as const, brandId: bulk.id },
      { kind: 'subtree' as const, brandId: bulk.id, path },
      { kind: 'folder' as const, folderId: bulkFolder, brandId: bulk.id, path },
    ];
    for (const scope of scopes)
      for (const key of ['name_lc', 'sort_date'] as const) {
        const q = repo.pageQuery(filters(scope), { key, dir: 'asc' }, 50, 500, 'in', 'walk').compile();
        const text = await planOf(q, true);
        const label = `${scope.kind} by ${key}`;
        if (dialect === 'sqlite')
          expect(text, label).toMatch(/USING COVERING INDEX asset_search_(brand|folder)_(name|date)/);
        else expect(text, label).toMatch(/Index Only Scan using asset_search_(brand|folder)_(name|date)/);
      }
  });

  it('serves every page shape from an asset_search index, never scanning assets (query plans)', async () => {
    const repo = searchRepo(t.built.handle.db, dialect);
    const path = await bulkPath();
    const shapes: [string, Parameters<typeof repo.pageQuery>[0], Parameters<typeof repo.pageQuery>[1]][] = [
      [
        'brand, guest, name',
        { scope: { kind: 'brand', brandId: bulk.id }, withPrivate: false, terms: [] },
        { key: 'name_lc', dir: 'asc' },
      ],
      [
        'brand, member, latest',
        { scope: { kind: 'brand', brandId: bulk.id }, withPrivate: true, terms: [] },
        { key: 'sort_date', dir: 'desc' },
      ],
      [
        'folder, guest, name',
        { scope: { kind: 'folder', folderId: bulkFolder, brandId: bulk.id, path }, withPrivate: false, terms: [] },
        { key: 'name_lc', dir: 'desc' },
      ],
      [
        'subtree, guest, oldest',
        { scope: { kind: 'subtree', brandId: bulk.id, path: '/1/' }, withPrivate: false, terms: [], type: ['image'] },
        { key: 'sort_date', dir: 'asc' },
      ],
      [
        'brand, guest, q',
        { scope: { kind: 'brand', brandId: bulk.id }, withPrivate: false, terms: ['fifth'] },
        { key: 'name_lc', dir: 'asc' },
      ],
    ];
    for (const [label, filters, order] of shapes) {
      const q = repo.pageQuery(filters, order, 50, 50).compile();
      const text = await planOf(q);
      if (process.env.SHOW_PLANS) console.log(`-- ${label}\n${q.sql}\n${text}`);
      expect(text, label).not.toMatch(/Seq Scan on assets |SCAN assets( |$)/m);
      if (dialect === 'sqlite') {
        expect(text, label).toMatch(/USING (COVERING )?INDEX asset_search_/);
        if (!filters.terms.length) expect(text, label).not.toMatch(/TEMP B-TREE/);
      }
    }
  });
});
