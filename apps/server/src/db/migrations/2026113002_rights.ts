import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Licences and consents (issue 40 §1), linked to many assets each, with their documents (the
 * contract, the signed release) stored as blobs like any file. Channels and territories are JSON
 * lists: channel keys of the brand's list, ISO 3166 alpha-2 codes or `WW` (worldwide). Dates are
 * YYYY-MM-DD, inclusive; either end may be open. Each brand sets how many days before the end an
 * asset counts as expiring, and whether members may still download expired ones after a warning.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  const common = (t: any) =>
    t
      .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
      .addColumn('channels', 'text', (c: any) => c.notNull().defaultTo('[]'))
      .addColumn('territories', 'text', (c: any) => c.notNull().defaultTo('["WW"]'))
      .addColumn('valid_until', 'varchar(10)')
      .addColumn('notes', 'text')
      .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull());

  await common(
    id(db.schema.createTable('licences'))
      .addColumn('name', 'varchar(255)', (c: any) => c.notNull())
      .addColumn('holder', 'varchar(255)')
      .addColumn('terms', 'text')
      .addColumn('valid_from', 'varchar(10)')
      .addColumn('cost_reference', 'varchar(255)'),
  ).execute();
  await db.schema.createIndex('licences_brand_name').on('licences').columns(['brand_id', 'name']).execute();

  await common(
    id(db.schema.createTable('consents'))
      .addColumn('person', 'varchar(255)', (c: any) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c: any) => c.notNull().defaultTo('model'))
      .addColumn('signed_on', 'varchar(10)'),
  ).execute();
  await db.schema.createIndex('consents_brand_person').on('consents').columns(['brand_id', 'person']).execute();

  await id(db.schema.createTable('rights_documents'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('licence_id', 'integer', (c: any) => c.references('licences.id').onDelete('cascade'))
    .addColumn('consent_id', 'integer', (c: any) => c.references('consents.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('mime', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('size', 'bigint', (c: any) => c.notNull())
    .addColumn('blob_key', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('rights_documents_licence').on('rights_documents').column('licence_id').execute();
  await db.schema.createIndex('rights_documents_consent').on('rights_documents').column('consent_id').execute();

  for (const [table, other] of [
    ['asset_licences', 'licence'],
    ['asset_consents', 'consent'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
      .addColumn(`${other}_id`, 'integer', (c: any) => c.notNull().references(`${other}s.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['asset_id', `${other}_id`])
      .execute();
    await db.schema
      .createIndex(`${table}_${other}`)
      .on(table)
      .columns([`${other}_id`, 'asset_id'])
      .execute();
  }

  await db.schema
    .alterTable('brands')
    .addColumn('expiry_warning_days', 'integer', (c: any) => c.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable('brands')
    .addColumn('expired_downloads', 'varchar(8)', (c: any) => c.notNull().defaultTo('block'))
    .execute();
  // The daily recomputation and the notices read the assets whose state may change soon.
  await db.schema
    .createIndex('assets_availability')
    .on('assets')
    .columns(['availability', 'availability_date'])
    .execute();
}
