import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';
import { FOLD_FROM, FOLD_TO } from './support/fold.js';
import { splitStatements } from './support/splitStatements.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The 27 migrations this baseline replaced; migrate.ts renames them in databases they built. */
export const REPLACED = [
  '2026112201_foundation',
  '2026112202_jobs',
  '2026112203_library',
  '2026112204_search',
  '2026112205_search_counts',
  '2026112206_rate_limits_unlogged',
  '2026112207_search_path_indexes',
  '2026112208_search_sync_statements',
  '2026112209_fts_prefixes',
  '2026112210_card_generation',
  '2026112211_facet_count_index',
  '2026112212_grant_generation',
  '2026112213_fts_longer_prefixes',
  '2026112214_fts_scope_tokens',
  '2026112215_counts_when_changed',
  '2026112301_pg_path_collation',
  '2026112302_pg_search_vocabulary',
  '2026112303_pg_categories_gin',
  '2026112304_pg_drop_asset_categories',
  '2026112401_search_covering',
  '2026112402_fts_state_tokens',
  '2026112403_category_rows',
  '2026112404_pg_word_rows',
  '2026112405_fts_scope_pairs',
  '2026112406_pg_facet_columns',
  '2026112407_sort_index_filters',
  '2026112501_login_throttles',
];

/**
 * The schema of the migrations above, squashed before the first release: exactly what they built
 * (schemaDump.ts dumped both and they were equal), written out per dialect in
 * 2026112200_baseline.sqlite.sql and 2026112200_baseline.postgres.sql, run a statement at a time.
 * The PostgreSQL file names the accent-folding table as :fold_from and :fold_to (support/fold.ts).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const text = readFileSync(new URL(`./2026112200_baseline.${dialect}.sql`, import.meta.url), 'utf8')
    .replaceAll(':fold_from', `'${FOLD_FROM}'`)
    .replaceAll(':fold_to', `'${FOLD_TO}'`);
  for (const stmt of splitStatements(text)) await sql.raw(stmt).execute(db);
}
