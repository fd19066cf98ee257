import { Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect, Db } from './index.js';
import * as baseline from './migrations/2026112200_baseline.js';
import * as nameSort from './migrations/2026112601_name_sort.js';
import * as audit from './migrations/2026112602_audit.js';
import * as jobProgress from './migrations/2026112603_job_progress.js';
import * as shortcuts from './migrations/2026112604_shortcuts.js';
import * as collections from './migrations/2026112605_collections.js';
import * as shareLinks from './migrations/2026112606_share_links.js';
import * as comments from './migrations/2026112607_comments.js';
import * as downloads from './migrations/2026112608_downloads.js';
import * as watermarks from './migrations/2026112612_watermarks.js';
import * as userPhotos from './migrations/2026112613_user_photos.js';
import * as assetManager from './migrations/2026112614_asset_manager.js';
import * as dashboardCounts from './migrations/2026112615_dashboard_counts.js';
import * as lastSignIn from './migrations/2026112616_last_sign_in.js';
import * as cropPresets from './migrations/2026112617_crop_presets.js';
import * as templateImports from './migrations/2026112620_template_imports.js';
import * as userTour from './migrations/2026112630_user_tour.js';
import * as brandDescription from './migrations/2026112640_brand_description.js';
import * as sync from './migrations/2026112650_sync.js';
import * as defaultHome from './migrations/2026112660_default_home.js';
import * as folderTrash from './migrations/2026112670_folder_trash.js';
import * as versionMetadata from './migrations/2026112671_version_metadata.js';
import * as assetLocation from './migrations/2026112680_asset_location.js';
import * as sizeSort from './migrations/2026112690_size_sort.js';
import * as syncRestored from './migrations/2026112691_sync_restored.js';
import * as auditKeyed from './migrations/2026112930_audit_keyed.js';
import * as metadata from './migrations/2026112940_metadata.js';
import * as fieldSearch from './migrations/2026112950_field_search.js';
import * as bulkEdits from './migrations/2026112961_bulk_edits.js';
import * as savedSearches from './migrations/2026112965_saved_searches.js';
import * as availabilityReview from './migrations/2026113001_availability_review.js';
import * as rights from './migrations/2026113002_rights.js';
import * as uploadRequests from './migrations/2026113004_upload_requests.js';
import * as approval from './migrations/2026113006_approval.js';
import * as totalsHidden from './migrations/2026113007_totals_hidden.js';
import * as twoFactor from './migrations/2026120101_two_factor.js';
import * as webhooks from './migrations/2026120104_webhooks.js';
import * as sso from './migrations/2026120102_sso.js';
import * as expiryNotices from './migrations/2026113005_expiry_notices.js';
import * as rightsManage from './migrations/2026113003_rights_manage.js';
import * as embedMapping from './migrations/2026112950_embed_mapping.js';
import * as uploadFields from './migrations/2026112950_upload_fields.js';
import * as systemVocabularies from './migrations/2026112950_system_vocabularies.js';
import * as apiKeys from './migrations/2026120103_api_keys.js';
import * as lookAlikes from './migrations/2026120105_look_alikes.js';
import * as analysis from './migrations/2026120106_analysis.js';
import * as foundText from './migrations/2026120107_found_text.js';
import * as labels from './migrations/2026120108_labels.js';
import * as colourFilter from './migrations/2026120110_colour_filter.js';
import * as trash from './migrations/2026120206_trash.js';
import * as brandFace from './migrations/2026120207_brand_face.js';
import * as people from './migrations/2026120109_people.js';
import * as video from './migrations/2026120204_video.js';
import * as guidelines from './migrations/2026120205_guidelines.js';
import * as guidelineLinks from './migrations/2026120208_guideline_links.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Step = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

/** Timestamped, append-only. Add new files to this list in order. */
const steps: Record<string, Step> = {
  '2026112200_baseline': baseline,
  '2026112601_name_sort': nameSort,
  '2026112602_audit': audit,
  '2026112603_job_progress': jobProgress,
  '2026112604_shortcuts': shortcuts,
  '2026112605_collections': collections,
  '2026112606_share_links': shareLinks,
  '2026112607_comments': comments,
  '2026112608_downloads': downloads,
  '2026112612_watermarks': watermarks,
  '2026112613_user_photos': userPhotos,
  '2026112614_asset_manager': assetManager,
  '2026112615_dashboard_counts': dashboardCounts,
  '2026112616_last_sign_in': lastSignIn,
  '2026112617_crop_presets': cropPresets,
  '2026112620_template_imports': templateImports,
  '2026112630_user_tour': userTour,
  '2026112640_brand_description': brandDescription,
  '2026112650_sync': sync,
  '2026112660_default_home': defaultHome,
  '2026112670_folder_trash': folderTrash,
  '2026112671_version_metadata': versionMetadata,
  '2026112680_asset_location': assetLocation,
  '2026112690_size_sort': sizeSort,
  '2026112691_sync_restored': syncRestored,
  '2026112930_audit_keyed': auditKeyed,
  '2026112940_metadata': metadata,
  '2026112950_field_search': fieldSearch,
  '2026112961_bulk_edits': bulkEdits,
  '2026112965_saved_searches': savedSearches,
  '2026113001_availability_review': availabilityReview,
  '2026113002_rights': rights,
  '2026113004_upload_requests': uploadRequests,
  '2026113006_approval': approval,
  '2026113007_totals_hidden': totalsHidden,
  '2026120101_two_factor': twoFactor,
  '2026120104_webhooks': webhooks,
  '2026120105_look_alikes': lookAlikes,
  '2026120106_analysis': analysis,
  '2026120107_found_text': foundText,
  '2026120108_labels': labels,
  '2026120110_colour_filter': colourFilter,
  '2026120206_trash': trash,
  '2026120207_brand_face': brandFace,
  '2026120109_people': people,
  '2026120102_sso': sso,
  '2026113005_expiry_notices': expiryNotices,
  '2026113003_rights_manage': rightsManage,
  '2026112950_embed_mapping': embedMapping,
  '2026112950_upload_fields': uploadFields,
  '2026112950_system_vocabularies': systemVocabularies,
  '2026120103_api_keys': apiKeys,
  '2026120204_video': video,
  '2026120205_guidelines': guidelines,
  '2026120208_guideline_links': guidelineLinks,
};

/** Every migration's name, in the order they run. */
export const migrationNames = (): string[] => Object.keys(steps).sort();

/** `schema`: the PostgreSQL schema that holds everything (else the default search path). */
/** Runs every migration up to `until` (all when absent): tests build older databases with it. */
export async function migrate(db: Db, dialect: Dialect, schema?: string, until?: string): Promise<void> {
  await adoptBaseline(db, dialect, schema);
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, step] of Object.entries(steps))
        if (!until || name <= until) out[name] = { up: (d) => step.up(d, dialect) };
      return out;
    },
  };
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

const BASELINE = '2026112200_baseline';
/** Kysely's bookkeeping table (its default name), as far as adoptBaseline reads it. */
type Bookkeeping = { kysely_migration: { name: string; timestamp: string } };

/**
 * A database migrated before the squash (a developer's, the benchmark's) lists the 27 migrations
 * the baseline replaced. Its schema is the baseline's (their schema dumps are equal), so their
 * rows become the baseline's one, dated as the first of them, in one transaction; the migrator
 * then runs whatever came later as usual. Several processes may start at once: the rows are
 * taken by one delete, so only the first one's delete finds them. A database that ran only some
 * of them is older than the baseline and is refused.
 */
export async function adoptBaseline(db: Db, dialect: Dialect, schema?: string): Promise<void> {
  if (!(await hasMigrationTable(db, dialect, schema))) return;
  const book = db as unknown as Kysely<Bookkeeping>;
  await book.transaction().execute(async (trx) => {
    const t = schema ? trx.withSchema(schema) : trx;
    const taken = await t
      .deleteFrom('kysely_migration')
      .where('name', 'in', baseline.REPLACED)
      .returning(['name', 'timestamp'])
      .execute();
    if (taken.length === 0) return;
    if (taken.length !== baseline.REPLACED.length) {
      const ran = new Set(taken.map((r) => r.name));
      throw new Error(
        `This database ran only some of the migrations that ${BASELINE} replaced (missing: ` +
          `${baseline.REPLACED.filter((n) => !ran.has(n)).join(', ')}). Migrate it with a version from before ` +
          `the squash first (git log -- apps/server/src/db/migrations), or start from an empty database.`,
      );
    }
    const first = taken.map((r) => r.timestamp).sort((a, b) => Date.parse(a) - Date.parse(b))[0]!;
    await t.insertInto('kysely_migration').values({ name: BASELINE, timestamp: first }).execute();
  });
}

async function hasMigrationTable(db: Db, dialect: Dialect, schema?: string): Promise<boolean> {
  if (dialect === 'sqlite') {
    const { rows } = await sql`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(
      db,
    );
    return rows.length > 0;
  }
  const name = schema ? `"${schema}".kysely_migration` : 'kysely_migration';
  const { rows } = await sql<{ t: string | null }>`select to_regclass(${name}) as t`.execute(db);
  return !!rows[0]?.t;
}
