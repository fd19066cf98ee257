import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect, Db } from './index.js';
import * as foundation from './migrations/2026112201_foundation.js';
import * as jobs from './migrations/2026112202_jobs.js';
import * as library from './migrations/2026112203_library.js';
import * as search from './migrations/2026112204_search.js';
import * as searchCounts from './migrations/2026112205_search_counts.js';
import * as rateLimitsUnlogged from './migrations/2026112206_rate_limits_unlogged.js';
import * as searchPathIndexes from './migrations/2026112207_search_path_indexes.js';
import * as searchSyncStatements from './migrations/2026112208_search_sync_statements.js';
import * as ftsPrefixes from './migrations/2026112209_fts_prefixes.js';
import * as cardGeneration from './migrations/2026112210_card_generation.js';
import * as facetCountIndex from './migrations/2026112211_facet_count_index.js';
import * as grantGeneration from './migrations/2026112212_grant_generation.js';
import * as ftsLongerPrefixes from './migrations/2026112213_fts_longer_prefixes.js';
import * as ftsScopeTokens from './migrations/2026112214_fts_scope_tokens.js';
import * as countsWhenChanged from './migrations/2026112215_counts_when_changed.js';
import * as pgPathCollation from './migrations/2026112301_pg_path_collation.js';
import * as pgSearchVocabulary from './migrations/2026112302_pg_search_vocabulary.js';
import * as pgCategoriesGin from './migrations/2026112303_pg_categories_gin.js';
import * as pgDropAssetCategories from './migrations/2026112304_pg_drop_asset_categories.js';
import * as searchCovering from './migrations/2026112401_search_covering.js';
import * as ftsStateTokens from './migrations/2026112402_fts_state_tokens.js';
import * as categoryRows from './migrations/2026112403_category_rows.js';
import * as pgWordRows from './migrations/2026112404_pg_word_rows.js';
import * as ftsScopePairs from './migrations/2026112405_fts_scope_pairs.js';
import * as pgFacetColumns from './migrations/2026112406_pg_facet_columns.js';
import * as sortIndexFilters from './migrations/2026112407_sort_index_filters.js';
import * as loginThrottles from './migrations/2026112501_login_throttles.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Step = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

/** Timestamped, append-only. Add new files to this list in order. */
const steps: Record<string, Step> = {
  '2026112201_foundation': foundation,
  '2026112202_jobs': jobs,
  '2026112203_library': library,
  '2026112204_search': search,
  '2026112205_search_counts': searchCounts,
  '2026112206_rate_limits_unlogged': rateLimitsUnlogged,
  '2026112207_search_path_indexes': searchPathIndexes,
  '2026112208_search_sync_statements': searchSyncStatements,
  '2026112209_fts_prefixes': ftsPrefixes,
  '2026112210_card_generation': cardGeneration,
  '2026112211_facet_count_index': facetCountIndex,
  '2026112212_grant_generation': grantGeneration,
  '2026112213_fts_longer_prefixes': ftsLongerPrefixes,
  '2026112214_fts_scope_tokens': ftsScopeTokens,
  '2026112215_counts_when_changed': countsWhenChanged,
  '2026112301_pg_path_collation': pgPathCollation,
  '2026112302_pg_search_vocabulary': pgSearchVocabulary,
  '2026112303_pg_categories_gin': pgCategoriesGin,
  '2026112304_pg_drop_asset_categories': pgDropAssetCategories,
  '2026112401_search_covering': searchCovering,
  '2026112402_fts_state_tokens': ftsStateTokens,
  '2026112403_category_rows': categoryRows,
  '2026112404_pg_word_rows': pgWordRows,
  '2026112405_fts_scope_pairs': ftsScopePairs,
  '2026112406_pg_facet_columns': pgFacetColumns,
  '2026112407_sort_index_filters': sortIndexFilters,
  '2026112501_login_throttles': loginThrottles,
};

/** `schema`: the PostgreSQL schema that holds everything (else the default search path). */
export async function migrate(db: Db, dialect: Dialect, schema?: string): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, step] of Object.entries(steps)) out[name] = { up: (d) => step.up(d, dialect) };
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
