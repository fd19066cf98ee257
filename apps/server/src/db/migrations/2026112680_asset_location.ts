import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Where a photo was taken (issue 27 §3, the viewer's info panel): `{"lat":…,"lng":…}` in decimal
 * degrees from the file's EXIF GPS block, null when it has none; on the asset and, like the camera,
 * on each version, so a new or restored version brings its own. Existing files stay null.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('assets').addColumn('location', 'text').execute();
  await db.schema.alterTable('asset_versions').addColumn('location', 'text').execute();
}
