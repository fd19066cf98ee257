import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetRow, dialect, insertAssets } from '../../../test/harness.js';
import { adminQuery, createDatabase, dropDatabase, testDatabaseUrl, uniqueName } from '../../../test/pgDatabases.js';
import { openDb } from '../../db/index.js';
import type { DbHandle } from '../../db/index.js';
import { migrate } from '../../db/migrate.js';
import { countersMatchRows } from './stats.recount.repo.js';

// A database with assets, downloads and audited downloads from before the dashboard's counters:
// the migration that adds them fills them from what is there. On PostgreSQL, a schema in a new
// database of its own, so no other test's schemas are there while the migrator looks.
const url = dialect === 'postgres' ? testDatabaseUrl() : undefined;
const database = url ? uniqueName('bv_backfill') : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'bv-backfill-'));
const schema =
  dialect === 'postgres' ? `b_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}` : undefined;
let h: DbHandle;
const at = '2026-03-04T10:00:00.000Z';
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const databaseUrl = url && database ? await createDatabase(url, database) : undefined;
  if (databaseUrl) await adminQuery(databaseUrl, `create schema ${schema}`);
  h = openDb({ dataDir, databaseUrl, pgSchema: schema });
  await migrate(h.db, h.dialect, schema, '2026112612_watermarks');
  const db = h.db;
  const user = await db
    .insertInto('users')
    .values({
      first_name: 'Old',
      last_name: 'Timer',
      email: 'old@example.com',
      password_hash: 'x',
      lang: 'en',
      status: 'ACTIVE',
      photo_uri: null,
      created_at: at,
      updated_at: at,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const brand = await db
    .insertInto('brands')
    .values({ name: 'Old', slug: 'old', status: 'ACTIVE', created_at: at, updated_at: at } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const folder = (path: string, priv: number) =>
    db
      .insertInto('folders')
      .values({
        brand_id: brand.id,
        name: path,
        visibility: priv ? 'PRIVATE' : 'PUBLIC',
        private_path: priv,
        status: 'ACTIVE',
        path,
        depth: 0,
        created_at: at,
        updated_at: at,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  const open = await folder('/o/', 0);
  const closed = await folder('/c/', 1);
  await insertAssets(db, [
    assetRow(brand.id, open.id, 'a1', { size: 100, created_by: user.id, created_at: at }),
    assetRow(brand.id, open.id, 'a2', { size: 200, type: 'video', ext: 'mp4', mime: 'video/mp4' }),
    assetRow(brand.id, closed.id, 'a3', { size: 300, created_by: user.id, created_at: at }),
    assetRow(brand.id, open.id, 'a4', { size: 400, status: 'INACTIVE' }),
  ]);
  const assets = await db.selectFrom('assets').select(['id', 'name']).orderBy('id').execute();
  const id = (name: string) => assets.find((a) => a.name === name)!.id;
  await db
    .insertInto('download_counts')
    .values([
      { asset_id: id('a1.jpg'), brand_id: brand.id, day: '2026-03-05', kind: 'original', link_id: 0, count: 3 },
      { asset_id: id('a3.jpg'), brand_id: brand.id, day: '2026-03-05', kind: 'zip', link_id: 7, count: 2 },
      { asset_id: id('a2.jpg'), brand_id: brand.id, day: today, kind: 'original', link_id: 0, count: 4 },
    ])
    .execute();
  await db
    .insertInto('audit_log')
    .values(
      [1, 2].map((seq) => ({
        seq,
        event: 'asset.download',
        section: 'assets',
        user_id: user.id,
        emulator_id: null,
        ip: '',
        user_agent: null,
        request_id: null,
        target_type: 'asset',
        target_id: id('a1.jpg'),
        details: '{}',
        created_at: '2026-03-05T08:00:00.000Z',
        prev_hash: '0'.repeat(64),
        hash: String(seq).repeat(64),
      })) as never,
    )
    .execute();
  await migrate(h.db, h.dialect, schema);
});
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (url && database) await dropDatabase(url, database);
});

describe('the dashboard counters of an existing database', () => {
  it('start from the rows already there', async () => {
    expect(await countersMatchRows(h.db)).toEqual([]);
    const uploads = await h.db.selectFrom('upload_days').select(['day', 'hidden', 'assets', 'bytes']).execute();
    const day = (d: string, hidden: number) => uploads.find((u) => u.day === d && u.hidden === hidden);
    expect(day('2026-03-04', 0)).toMatchObject({ assets: 1, bytes: 100 });
    expect(day('2026-03-04', 1)).toMatchObject({ assets: 1, bytes: 300 });
    expect(day('2026-01-01', 0)).toMatchObject({ assets: 2 });
    const downloads = await h.db
      .selectFrom('download_days')
      .select(['day', 'hidden', 'kind', 'via_link', 'count'])
      .orderBy('kind')
      .execute();
    expect(downloads.filter((d) => d.day !== today)).toEqual([
      { day: '2026-03-05', hidden: 0, kind: 'original', via_link: 0, count: 3 },
      { day: '2026-03-05', hidden: 1, kind: 'zip', via_link: 1, count: 2 },
    ]);
    // Today's downloads are in every window; March's in none.
    const windows = await h.db.selectFrom('download_windows').select(['days', 'count']).orderBy('days').execute();
    expect(windows).toEqual([
      { days: 7, count: 4 },
      { days: 30, count: 4 },
      { days: 90, count: 4 },
    ]);
    const people = await h.db
      .selectFrom('user_activity_days')
      .select(['day', 'uploads', 'downloads'])
      .orderBy('day')
      .execute();
    expect(people).toEqual([
      { day: '2026-03-04', uploads: 2, downloads: 0 },
      { day: '2026-03-05', uploads: 0, downloads: 2 },
    ]);
  });
});
