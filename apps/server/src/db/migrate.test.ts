import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { adminQuery, createDatabase, dropDatabase, testDatabaseUrl, uniqueName } from '../../test/pgDatabases.js';
import { openDb } from './index.js';
import type { DbHandle } from './index.js';
import { migrate, migrationNames } from './migrate.js';
import * as baseline from './migrations/2026112200_baseline.js';
import { assetRow, insertAssets } from '../../test/assetRow.js';

const BASELINE = '2026112200_baseline';
const dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
type Bookkeeping = { kysely_migration: { name: string; timestamp: string } };

/**
 * An empty database: a temp SQLite file, or on PostgreSQL (TEST_DB=postgres) a new schema in a
 * new database of its own, so no other test's schemas are there while the migrator looks.
 */
async function emptyDb() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bv-migrate-'));
  let pg: { url: string; name: string; databaseUrl: string; schema: string } | undefined;
  if (dialect === 'postgres') {
    const url = testDatabaseUrl();
    const name = uniqueName('bv_migrate');
    const schema = `m_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const databaseUrl = await createDatabase(url, name);
    await adminQuery(databaseUrl, `create schema ${schema}`);
    pg = { url, name, databaseUrl, schema };
  }
  const schema = pg?.schema;
  const h: DbHandle = openDb({ dataDir, databaseUrl: pg?.databaseUrl, pgSchema: schema });
  const book = h.db as unknown as Kysely<Bookkeeping>;
  const table = () => (schema ? book.withSchema(schema) : book);
  return {
    ...h,
    schema,
    /** The migrator's rows, by name. */
    rows: () => table().selectFrom('kysely_migration').select(['name', 'timestamp']).orderBy('name').execute(),
    table,
    async close() {
      await h.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (pg) await dropDatabase(pg.url, pg.name);
    },
  };
}
type TestDb = Awaited<ReturnType<typeof emptyDb>>;

/**
 * A database as the 27 squashed migrations left it: their schema (the baseline's, as the schema
 * dumps showed) recorded under their names, `replaced` of them; none of the later migrations.
 */
async function builtBeforeTheSquash(t: TestDb, replaced = baseline.REPLACED) {
  const { error } = await new Migrator({
    db: t.db,
    provider: { getMigrations: async () => ({ [BASELINE]: { up: (db) => baseline.up(db, dialect) } }) },
    ...(t.schema ? { migrationTableSchema: t.schema } : {}),
  }).migrateToLatest();
  expect(error).toBeUndefined();
  await t.table().deleteFrom('kysely_migration').execute();
  await t
    .table()
    .insertInto('kysely_migration')
    .values(replaced.map((name, i) => ({ name, timestamp: new Date(Date.UTC(2025, 10, 25, 10, 0, i)).toISOString() })))
    .execute();
}

describe('migrate', () => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('gives the baseline the rows of the migrations it replaced, then runs the later ones', async () => {
    t = await emptyDb();
    await builtBeforeTheSquash(t);
    await migrate(t.db, dialect, t.schema);
    const rows = await t.rows();
    expect(rows.map((r) => r.name)).toEqual(migrationNames());
    // Dated as the first replaced one, so it stays first in the migrator's order.
    expect(rows.find((r) => r.name === BASELINE)?.timestamp).toBe('2025-11-25T10:00:00.000Z');
    expect(rows.filter((r) => r.name !== BASELINE).every((r) => r.timestamp > '2025-11-25T10:00:00.000Z')).toBe(true);
    // And again: nothing left to do.
    await migrate(t.db, dialect, t.schema);
    expect(await t.rows()).toEqual(rows);
  });

  it('refuses a database that ran only some of the replaced migrations, and changes nothing', async () => {
    t = await emptyDb();
    const some = baseline.REPLACED.slice(0, 20);
    await builtBeforeTheSquash(t, some);
    await expect(migrate(t.db, dialect, t.schema)).rejects.toThrow(
      /ran only some of the migrations that 2026112200_baseline replaced \(missing: 2026112402_fts_state_tokens,/,
    );
    expect((await t.rows()).map((r) => r.name)).toEqual(some);
  });

  it('gives the seeded roles of an older database the comment permission', async () => {
    t = await emptyDb();
    await migrate(t.db, dialect, t.schema, '2026112606_share_links');
    const db = t.db;
    await db.insertInto('roles').values({ name: 'member', created_at: '2026-11-20T00:00:00.000Z' }).execute();
    await db.insertInto('roles').values({ name: 'custom', created_at: '2026-11-20T00:00:00.000Z' }).execute();
    await migrate(t.db, dialect, t.schema);
    const granted = await db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select(['roles.name as role', 'permissions.name as permission'])
      .execute();
    expect(granted).toEqual([{ role: 'member', permission: 'comment.create' }]);
  });

  it('gives the seeded manager and admin roles of an older database the metadata permission', async () => {
    t = await emptyDb();
    await migrate(t.db, dialect, t.schema, '2026112930_audit_keyed');
    const db = t.db;
    for (const name of ['manager', 'member'])
      await db.insertInto('roles').values({ name, created_at: '2026-11-20T00:00:00.000Z' }).execute();
    await migrate(t.db, dialect, t.schema);
    const granted = await db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select(['roles.name as role', 'permissions.name as permission'])
      .where('permissions.name', '=', 'metadata.manage')
      .execute();
    expect(granted).toEqual([{ role: 'manager', permission: 'metadata.manage' }]);
  });

  it("makes each brand's themes and visual languages the options of its system vocabularies", async () => {
    t = await emptyDb();
    await migrate(t.db, dialect, t.schema, '2026112940_metadata');
    const db = t.db;
    const at = '2026-11-20T00:00:00.000Z';
    const brand = async (slug: string) => {
      const id = Number(
        (
          await db
            .insertInto('brands')
            .values({ name: slug, slug, status: 'ACTIVE', created_at: at, updated_at: at } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      const folder = await db
        .insertInto('folders')
        .values({
          brand_id: id,
          name: slug,
          visibility: 'PUBLIC',
          path: '/',
          depth: 0,
          created_at: at,
          updated_at: at,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, folder: Number(folder.id) };
    };
    const [a, b] = [await brand('alpha'), await brand('beta')];
    await insertAssets(db, [
      assetRow(a.id, a.folder, 'm1', { categories: JSON.stringify(['Nature', ' sport ']), language: 'Minimal' }),
      assetRow(a.id, a.folder, 'm2', { categories: JSON.stringify(['nature', 'Sport', 'Urban']), language: 'minimal' }),
      assetRow(a.id, a.folder, 'm3', { categories: '[]', language: '  ' }),
      assetRow(b.id, b.folder, 'm4', { categories: JSON.stringify(['Food']), language: 'Bold' }),
    ]);
    await migrate(t.db, dialect, t.schema);
    const options = async (brandId: number, key: string) =>
      (
        await db
          .selectFrom('vocabulary_options')
          .innerJoin('vocabularies', 'vocabularies.id', 'vocabulary_options.vocabulary_id')
          .select(['vocabularies.name', 'vocabularies.kind', 'vocabulary_options.label_en', 'vocabulary_options.path'])
          .where('vocabularies.brand_id', '=', brandId)
          .where('vocabularies.system_key', '=', key)
          .orderBy('vocabulary_options.position')
          .execute()
      ).map((o) => `${o.name}/${o.kind}: ${o.label_en}`);
    expect(await options(a.id, 'themes')).toEqual(['Themes/list: Nature', 'Themes/list: Sport', 'Themes/list: Urban']);
    expect(await options(a.id, 'language')).toEqual(['Visual language/list: Minimal']);
    expect(await options(b.id, 'themes')).toEqual(['Themes/list: Food']);
    expect(await options(b.id, 'language')).toEqual(['Visual language/list: Bold']);
    const paths = await db.selectFrom('vocabulary_options').select(['id', 'path']).execute();
    for (const p of paths) expect(p.path).toBe(`/${p.id}/`);
  });

  it('gives managers and admins rights.manage, and each brand a Channels system vocabulary', async () => {
    t = await emptyDb();
    await migrate(t.db, dialect, t.schema, '2026113002_rights');
    const db = t.db;
    const at = '2026-11-20T00:00:00.000Z';
    for (const name of ['manager', 'member']) await db.insertInto('roles').values({ name, created_at: at }).execute();
    const brand = async (slug: string) =>
      Number(
        (
          await db
            .insertInto('brands')
            .values({ name: slug, slug, status: 'ACTIVE', created_at: at, updated_at: at } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const [a, b] = [await brand('alpha'), await brand('beta')];
    // Brand b already has a list named Channels with one of the defaults: it becomes the system one.
    const own = await db
      .insertInto('vocabularies')
      .values({ brand_id: b, name: 'Channels', kind: 'list', created_at: at, updated_at: at } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('vocabulary_options')
      .values({
        vocabulary_id: own.id,
        label_en: 'web',
        label_es: 'web',
        position: 0,
        path: '/0/',
        created_at: at,
        updated_at: at,
      } as never)
      .execute();
    await migrate(t.db, dialect, t.schema);
    const granted = await db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select(['roles.name as role'])
      .where('permissions.name', '=', 'rights.manage')
      .execute();
    expect(granted).toEqual([{ role: 'manager' }]);
    const channels = async (brandId: number) =>
      (
        await db
          .selectFrom('vocabulary_options')
          .innerJoin('vocabularies', 'vocabularies.id', 'vocabulary_options.vocabulary_id')
          .select(['vocabularies.id', 'vocabulary_options.label_en'])
          .where('vocabularies.brand_id', '=', brandId)
          .where('vocabularies.system_key', '=', 'channels')
          .orderBy('vocabulary_options.position')
          .execute()
      ).map((o) => o.label_en);
    expect(await channels(a)).toEqual(['Web', 'Social', 'Print', 'OOH', 'Broadcast']);
    expect(await channels(b)).toEqual(['web', 'Social', 'Print', 'OOH', 'Broadcast']);
  });

  it("fills each user's last sign-in from the audit log's sign-ins", async () => {
    t = await emptyDb();
    await migrate(t.db, dialect, t.schema, '2026112614_asset_manager');
    const db = t.db;
    const at = '2026-11-20T00:00:00.000Z';
    const person = (email: string) => ({
      first_name: 'A',
      last_name: 'B',
      email,
      password_hash: 'x',
      lang: 'en',
      status: 'ACTIVE',
      created_at: at,
      updated_at: at,
    });
    const [ana, bo] = await Promise.all(
      ['ana@example.com', 'bo@example.com'].map(async (e) =>
        Number((await db.insertInto('users').values(person(e)).returning('id').executeTakeFirstOrThrow()).id),
      ),
    );
    const entry = (seq: number, event: string, userId: number, createdAt: string) => ({
      seq,
      event,
      section: 'auth',
      user_id: userId,
      ip: '127.0.0.1',
      details: '{}',
      created_at: createdAt,
      prev_hash: '0'.repeat(64),
      hash: String(seq).padStart(64, '0'),
    });
    await db
      .insertInto('audit_log')
      .values([
        entry(1, 'auth.login', ana!, '2026-11-21T08:00:00.000Z'),
        entry(2, 'auth.login', ana!, '2026-11-24T09:00:00.000Z'),
        entry(3, 'auth.logout', ana!, '2026-11-25T09:00:00.000Z'),
      ] as never)
      .execute();
    await migrate(t.db, dialect, t.schema);
    const rows = await db.selectFrom('users').select(['id', 'last_login_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: ana, last_login_at: '2026-11-24T09:00:00.000Z' },
      { id: bo, last_login_at: null },
    ]);
  });

  it('puts assets removed before it in the Trash and widens an untouched seeded member role', async () => {
    t = await emptyDb();
    await migrate(t.db, dialect, t.schema, '2026120110_colour_filter');
    const db = t.db;
    const at = '2026-11-20T00:00:00.000Z';
    const brand = await db
      .insertInto('brands')
      .values({ name: 'b', slug: 'b', status: 'ACTIVE', created_at: at, updated_at: at } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const folder = await db
      .insertInto('folders')
      .values({
        brand_id: brand.id,
        name: 'b',
        visibility: 'PUBLIC',
        path: '/',
        depth: 0,
        created_at: at,
        updated_at: at,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertAssets(db, [
      assetRow(brand.id, folder.id, 'live'),
      assetRow(brand.id, folder.id, 'alone', { status: 'INACTIVE' }),
      assetRow(brand.id, folder.id, 'with', { status: 'INACTIVE', trash_root: folder.id }),
    ]);
    const role = await db
      .insertInto('roles')
      .values({ name: 'member', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const old = ['dashboard.view', 'brand.view', 'collection.view', 'asset.view', 'asset.create', 'asset.update'];
    const more = ['asset.download', 'content.private', 'user.tour', 'comment.create'];
    for (const name of [...old, ...more, 'folder.manage', 'user.view']) {
      const p = await db.insertInto('permissions').values({ name }).returning('id').executeTakeFirstOrThrow();
      if (!['folder.manage', 'user.view'].includes(name))
        await db.insertInto('role_permissions').values({ role_id: role.id, permission_id: p.id }).execute();
    }
    await migrate(t.db, dialect, t.schema);
    const trashed = await db.selectFrom('assets').select(['name', 'trashed_at']).orderBy('id').execute();
    expect(trashed.map((r) => [r.name, r.trashed_at !== null])).toEqual([
      ['live.jpg', false],
      ['alone.jpg', true],
      ['with.jpg', false],
    ]);
    const granted = await db
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('permissions.name')
      .where('role_permissions.role_id', '=', role.id)
      .execute();
    expect(granted.map((g) => g.name).sort()).toEqual([...old, ...more, 'folder.manage', 'user.view'].sort());
  });

  it('leaves a database migrated since the squash as it is', async () => {
    t = await emptyDb();
    await migrate(t.db, dialect, t.schema);
    const rows = await t.rows();
    expect(rows.map((r) => r.name)).toEqual(migrationNames());
    await migrate(t.db, dialect, t.schema);
    expect(await t.rows()).toEqual(rows);
  });
});
