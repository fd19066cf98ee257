import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The brand's face outside (issue 44 §5): beside its name and logo, a brand has an accent colour
 * (`#rrggbb`, null for the product's own) that its share and upload-request pages, its sign-in
 * page and its e-mails carry.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('brands').addColumn('accent_color', 'varchar(7)').execute();
}
