import type { Kysely } from 'kysely';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Which brand field each embedded source (IPTC/XMP keywords, hierarchical subject, creator,
 * rights, date…) fills at ingest (issue 39 §4): one row a mapped source; a deleted field takes
 * its rows with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('embed_mappings')
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('source', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('field_id', 'integer', (c: any) => c.notNull().references('metadata_fields.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('embed_mappings_pk', ['brand_id', 'source'])
    .execute();
  await db.schema.createIndex('embed_mappings_field').on('embed_mappings').column('field_id').execute();
}
