import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

const id = (dialect: Dialect, table: any) =>
  dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

/**
 * Comments on assets with annotations (§1, §3 Comment), the people each names (mentions and
 * "users to notify"), and the notifications they cause. `annotation` is the contract's JSON;
 * `version` the asset version it was written about. A notification's `mail_after` is when its
 * batched e-mail may go (null: none due); `mailed_at` when it went.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await id(dialect, db.schema.createTable('comments'))
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c: any) => c.references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c: any) => c.notNull())
    .addColumn('body', 'text', (c: any) => c.notNull())
    .addColumn('annotation', 'text')
    .addColumn('resolved_at', 'varchar(32)')
    .addColumn('resolved_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('edited_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('comments_asset').on('comments').columns(['asset_id', 'parent_id', 'id']).execute();
  await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();

  await db.schema
    .createTable('comment_people')
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_people_pk', ['comment_id', 'user_id', 'kind'])
    .execute();
  await db.schema.createIndex('comment_people_user').on('comment_people').column('user_id').execute();

  await id(dialect, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(24)', (c: any) => c.notNull())
    .addColumn('actor_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('asset_id', 'integer', (c: any) => c.references('assets.id').onDelete('cascade'))
    .addColumn('comment_id', 'integer', (c: any) => c.references('comments.id').onDelete('cascade'))
    .addColumn('share_link_id', 'integer', (c: any) => c.references('share_links.id').onDelete('cascade'))
    .addColumn('read_at', 'varchar(32)')
    .addColumn('mail_after', 'varchar(32)')
    .addColumn('mailed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_mail').on('notifications').column('mail_after').execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mention', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reply', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('upload_comment', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('share', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // Every seeded role comments (guests review too). The seed gives new roles their permissions;
  // roles of a database made before this migration get this one here.
  const roles = await db
    .selectFrom('roles')
    .select('id')
    .where('name', 'in', ['admin', 'manager', 'member', 'guest'])
    .execute();
  if (roles.length === 0) return;
  let perm = await db.selectFrom('permissions').select('id').where('name', '=', 'comment.create').executeTakeFirst();
  if (!perm)
    perm = await db
      .insertInto('permissions')
      .values({ name: 'comment.create' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const permissionId = perm.id;
  await db
    .insertInto('role_permissions')
    .values(roles.map((r: { id: number }) => ({ role_id: r.id, permission_id: permissionId })))
    .execute();
}
