import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Card columns that change without touching asset_search (derivatives finishing, a new version). */
const CARD_ONLY = [
  'mime',
  'size',
  'width',
  'height',
  'duration_seconds',
  'thumb_key',
  'preview_key',
  'derivatives',
  'updated_at',
];

/**
 * The search service keeps whole answers, cards included, under the brand's search generation.
 * 2026112205 bumps it when searchable columns change; this bumps it when only a card's columns
 * do, so a kept card never shows an old thumbnail, size or derivative state.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const stmts =
    dialect === 'sqlite'
      ? [
          `create trigger assets_card_generation_au after update of ${CARD_ONLY.join(', ')} on assets begin
             insert into search_generations (brand_id, n) values (new.brand_id, 1)
             on conflict (brand_id) do update set n = n + 1; end`,
        ]
      : [
          `create function assets_card_generation() returns trigger language plpgsql as $$
           begin
             insert into search_generations (brand_id, n)
               select distinct n.brand_id, 1 from new_rows n join old_rows o on o.id = n.id
               where ${CARD_ONLY.map((c) => `o.${c} is distinct from n.${c}`).join(' or ')}
               order by 1
             on conflict (brand_id) do update set n = search_generations.n + 1;
             return null;
           end $$`,
          `create trigger assets_card_generation_au after update on assets
             referencing old table as old_rows new table as new_rows
             for each statement execute function assets_card_generation()`,
        ];
  for (const stmt of stmts) await sql.raw(stmt).execute(db);
}
