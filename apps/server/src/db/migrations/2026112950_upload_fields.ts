import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Brand fields at upload (issue 39 §3): a brand may refuse uploads missing a required field (off
 * for every existing brand), and a sync source carries default field values (a JSON object by
 * field key, empty for every existing source). A template import keeps the brand field columns
 * its sheet named that the brand does not have (a JSON list; they were ignored).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('brands')
    .addColumn('require_fields_on_upload', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sync_sources')
    .addColumn('field_values', 'text', (c: any) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('template_imports').addColumn('ignored_columns', 'text').execute();
}
