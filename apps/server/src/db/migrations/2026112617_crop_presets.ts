import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** A brand's channel presets for cropped downloads (issue 25 §3), kept in the order shown. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('brand_crop_presets');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('format', 'varchar(8)')
    .execute();
  await db.schema
    .createIndex('brand_crop_presets_brand')
    .on('brand_crop_presets')
    .columns(['brand_id', 'position'])
    .execute();
}
