import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The brand's Trash (issue 27 §3). Deleting a folder no longer deletes it: the folder and its
 * subtree become INACTIVE (every reader already keeps to ACTIVE folders, and the search triggers
 * already follow a folder's status) and carry `trashed_at`, `trashed_by` and `trash_root`, the id
 * of the folder the deletion started from: the Trash lists the folders whose `trash_root` is
 * their own id. Assets the deletion made INACTIVE carry the same `trash_root`, so a restore brings
 * back exactly those and not the ones removed by hand before.
 *
 * Sibling folders cannot share a name (case-insensitive): a unique index over the parent and the
 * lower-cased name of ACTIVE folders, so trashed folders never block a new one of their name.
 * Existing duplicates are renamed first ("Logos (42)", the folder's id), the oldest keeping its
 * name.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('folders').addColumn('trashed_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('folders')
    .addColumn('trashed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('folders').addColumn('trash_root', 'integer').execute();
  await db.schema.alterTable('assets').addColumn('trash_root', 'integer').execute();
  await db.schema
    .createIndex('folders_trash')
    .on('folders')
    .columns(['brand_id', 'trash_root', 'trashed_at'])
    .execute();
  await db.schema.createIndex('folders_trash_root').on('folders').column('trash_root').execute();
  await db.schema.createIndex('assets_trash_root').on('assets').column('trash_root').execute();

  await sql`update folders set name = substr(name, 1, 480) || ' (' || id || ')'
    where status = 'ACTIVE' and parent_id is not null and exists (
      select 1 from folders o where o.parent_id = folders.parent_id and o.status = 'ACTIVE'
        and lower(o.name) = lower(folders.name) and o.id < folders.id)`.execute(db);
  await sql`create unique index folders_sibling_name on folders (parent_id, lower(name)) where status = 'ACTIVE'`.execute(
    db,
  );
}
