import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The home a user opens on choosing a brand (issue 27 §2): 'brand' (/brand, the brand home with
 * its folders) or 'gallery' (/brand2, the brand's latest assets as a gallery). Everyone starts on
 * the brand home, as before.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('default_home', 'varchar(16)', (c) => c.notNull().defaultTo('brand'))
    .execute();
}
