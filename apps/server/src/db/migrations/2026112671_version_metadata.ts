import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A version keeps the file's own metadata beside its dimensions (issue 27 §3): duration, the time
 * the picture was taken and the camera (EXIF), so a new version, or a restored old one, replaces
 * the asset's with its own instead of leaving the previous file's. Each asset's current version is
 * filled from the asset; older versions stay unknown (null).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('asset_versions')
    .addColumn('duration_seconds', dialect === 'postgres' ? 'double precision' : 'real')
    .execute();
  await db.schema.alterTable('asset_versions').addColumn('taken_at', 'varchar(32)').execute();
  await db.schema.alterTable('asset_versions').addColumn('camera', 'text').execute();
  await sql`update asset_versions set
      duration_seconds = (select a.duration_seconds from assets a where a.id = asset_versions.asset_id),
      taken_at = (select a.taken_at from assets a where a.id = asset_versions.asset_id),
      camera = (select a.camera from assets a where a.id = asset_versions.asset_id)
    where exists (select 1 from assets a where a.id = asset_versions.asset_id and a.current_version = asset_versions.number)`.execute(
    db,
  );
}
