import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';
import { grantPermission } from './support/permissions.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The seeded member role as every release before this one made it. */
const MEMBER_BEFORE = [
  'dashboard.view',
  'brand.view',
  'collection.view',
  'asset.view',
  'asset.create',
  'asset.update',
  'asset.download',
  'content.private',
  'user.tour',
  'comment.create',
];
/** What spec §1 says members do that the seeded role lacked: organise folders, the users report. */
const MEMBER_ADDS = ['folder.manage', 'user.view'];

/**
 * One Trash (issue 44 §2): an asset removed by hand now waits in its brand's Trash beside the
 * folders, so it carries when and by whom it was removed (`trashed_at`, `trashed_by`); assets
 * removed with a folder keep `trash_root` and come back with it. Assets removed before this
 * migration enter the Trash now, so nobody loses one to the 30-day purge on the day of the upgrade.
 *
 * The seeded `member` role (issue 44 §6) gains folder.manage and user.view, only where an
 * administrator never changed it: a role with exactly the old set.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('assets').addColumn('trashed_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('assets')
    .addColumn('trashed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('assets_trash').on('assets').columns(['brand_id', 'trashed_at']).execute();
  await sql`update assets set trashed_at = ${new Date().toISOString()}
    where status = 'INACTIVE' and trash_root is null`.execute(db);
  await widenMember(db);
}

async function widenMember(db: Kysely<any>): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'member').executeTakeFirst();
  if (!role) return;
  const held = (
    (await db
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('permissions.name')
      .where('role_permissions.role_id', '=', role.id)
      .execute()) as { name: string }[]
  ).map((r) => r.name);
  const untouched = held.length === MEMBER_BEFORE.length && MEMBER_BEFORE.every((p) => held.includes(p));
  if (!untouched) return;
  for (const name of MEMBER_ADDS) await grantPermission(db, name, [role.id]);
}
