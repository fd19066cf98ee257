import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, a migration is never edited; changes go into a new file.
// `any` because migrations run against whatever the schema was at their time, not today's types.
/* eslint-disable @typescript-eslint/no-explicit-any */
type B = CreateTableBuilder<string, never>;

const id = (t: B, dialect: Dialect) =>
  dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
const text = (c: ColumnDefinitionBuilder) => c;
const req = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await id(db.schema.createTable('users'), dialect)
    .addColumn('first_name', 'varchar(100)', req)
    .addColumn('last_name', 'varchar(100)', req)
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', req)
    .addColumn('lang', 'varchar(5)', (c) => c.notNull().defaultTo('en'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('INACTIVE'))
    .addColumn('verified_at', 'varchar(32)', text)
    .addColumn('approved_at', 'varchar(32)', text)
    .addColumn('photo_uri', 'varchar(1024)', text)
    .addColumn('company', 'varchar(255)', text)
    .addColumn('country', 'varchar(255)', text)
    .addColumn('phone', 'varchar(255)', text)
    .addColumn('position', 'varchar(255)', text)
    .addColumn('menu_settings', 'text', text)
    .addColumn('created_at', 'varchar(32)', req)
    .addColumn('updated_at', 'varchar(32)', req)
    .execute();
  await db.schema.createIndex('users_status_created').on('users').columns(['status', 'created_at']).execute();

  await id(db.schema.createTable('roles'), dialect)
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', req)
    .execute();
  await id(db.schema.createTable('permissions'), dialect)
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .execute();

  const link = (name: string, a: [string, string], b: [string, string]) =>
    db.schema
      .createTable(name)
      .addColumn(a[0], 'integer', (c) => c.notNull().references(`${a[1]}.id`).onDelete('cascade'))
      .addColumn(b[0], 'integer', (c) => c.notNull().references(`${b[1]}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${name}_pk`, [a[0], b[0]])
      .execute();
  await link('role_permissions', ['role_id', 'roles'], ['permission_id', 'permissions']);
  await link('user_roles', ['user_id', 'users'], ['role_id', 'roles']);
  await link('user_permissions', ['user_id', 'users'], ['permission_id', 'permissions']);

  await id(db.schema.createTable('brands'), dialect)
    .addColumn('name', 'varchar(255)', req)
    .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('image_uri', 'varchar(1024)', text)
    .addColumn('logo_uri', 'varchar(1024)', text)
    .addColumn('created_at', 'varchar(32)', req)
    .addColumn('updated_at', 'varchar(32)', req)
    .execute();
  await link('user_brands', ['user_id', 'users'], ['brand_id', 'brands']);
  await db.schema.createIndex('user_brands_brand').on('user_brands').column('brand_id').execute();

  await id(db.schema.createTable('access_tokens'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('emulator_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', req)
    .addColumn('last_used_at', 'varchar(32)', text)
    .execute();
  await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_id').execute();

  await id(db.schema.createTable('password_resets'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', req)
    .addColumn('expires_at', 'varchar(32)', req)
    .addColumn('used_at', 'varchar(32)', text)
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(512)', (c) => c.primaryKey())
    .addColumn('count', 'integer', req)
    .addColumn('reset_at', 'bigint', req)
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', req)
    .execute();
}
