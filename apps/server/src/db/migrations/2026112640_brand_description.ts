import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A brand's description (issue 27 §2, the brand home's header): free text over several lines, up
 * to 1000 characters (the contract's limit), empty for every existing brand.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('brands').addColumn('description', 'text').execute();
}
