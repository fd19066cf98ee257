import type { Db } from '../src/db/index.js';
import { newUserRow } from '../src/modules/users/userRow.js';
import { makeRepos } from '../src/repos.js';

/**
 * An `assets` row for inserting many at once through SQL (real inserts: the triggers index them):
 * an active public JPEG image named after `key`, dated 2026-01-01, with `over` on top.
 */
export function assetRow(brandId: number, folderId: number, key: string, over: Record<string, unknown> = {}) {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return {
    brand_id: brandId,
    folder_id: folderId,
    name: `${key}.jpg`,
    ext: 'jpg',
    mime: 'image/jpeg',
    type: 'image',
    size: 1000,
    sha256: key.padEnd(64, '0'),
    blob_key: `test/${key}`,
    author: null,
    description: null,
    keywords: '[]',
    categories: '[]',
    language: null,
    visibility: 'PUBLIC',
    status: 'ACTIVE',
    derivatives: 'none',
    derivative_rev: 0,
    name_locked: 0,
    current_version: 1,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

/** Inserts `assetRow`s in one transaction, 100 a statement: real inserts, so the triggers index them. */
export async function insertAssets(db: Db, rows: Record<string, unknown>[]) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100)
      await trx
        .insertInto('assets')
        .values(rows.slice(i, i + 100) as never)
        .execute();
  });
}

/** Active JPEGs named by `keys` in a folder (real inserts, triggers included): their ids, in order. */
export async function insertFolderAssets(
  db: Db,
  brandId: number,
  folderId: number,
  keys: string[],
  over: Record<string, unknown> = {},
): Promise<number[]> {
  await insertAssets(
    db,
    keys.map((key) => assetRow(brandId, folderId, key, over)),
  );
  const got = await db
    .selectFrom('assets')
    .select('id')
    .where('folder_id', '=', folderId)
    .where(
      'blob_key',
      'in',
      keys.map((k) => `test/${k}`),
    )
    .orderBy('id')
    .execute();
  return got.map((r) => r.id);
}

/** A user, an active brand named `name` and its root folder, for tests that insert assets by SQL. */
export async function brandWithRoot(db: Db, name: string) {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  const repos = makeRepos(db);
  const userId = await repos.users.insert(
    newUserRow({ first_name: 'A', last_name: 'B', email: `${name.toLowerCase()}@example.com`, password_hash: 'x', at }),
  );
  const brandId = await repos.brands.insert({
    name,
    slug: name.toLowerCase(),
    status: 'ACTIVE',
    created_at: at,
    updated_at: at,
  });
  const folderId = await repos.folders.createRoot(brandId, 'Root', userId, at);
  return { userId, brandId, folderId };
}
