import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * People (issue 42 §3): faces found in a brand's images, grouped into people. `asset_faces.box` is
 * "x,y,w,h" as shares of the image's width and height; `descriptor` is the face's 1,024 Float32 values
 * as base64 text (5.5 kB, the same on both dialects). `asset_faces_state` keeps the outcome of
 * each asset's latest analysis (done, skipped, failed with the reason). Turning faces off for a
 * brand deletes all three for that brand.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('people'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)')
    .addColumn('hidden', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('cover_face_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('people_brand').on('people').columns(['brand_id', 'hidden']).execute();
  await id(db.schema.createTable('asset_faces'))
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('rev', 'integer', (c: any) => c.notNull())
    .addColumn('box', 'varchar(64)', (c: any) => c.notNull())
    .addColumn('score', 'real', (c: any) => c.notNull())
    .addColumn('descriptor', 'text', (c: any) => c.notNull())
    .addColumn('person_id', 'integer', (c: any) => c.notNull().references('people.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('asset_faces_asset').on('asset_faces').columns(['asset_id']).execute();
  await db.schema.createIndex('asset_faces_person').on('asset_faces').columns(['person_id', 'asset_id']).execute();
  await db.schema.createIndex('asset_faces_brand').on('asset_faces').columns(['brand_id']).execute();
  await db.schema
    .createTable('asset_faces_state')
    .addColumn('asset_id', 'integer', (c: any) => c.primaryKey().references('assets.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('rev', 'integer', (c: any) => c.notNull())
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('analysed_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('asset_faces_state_brand').on('asset_faces_state').columns(['brand_id']).execute();
}
