import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Video and audio (issue 43): a video's hover preview (a few frames, animated WebP) and its
 * web-playable proxy (H.264/AAC MP4), with the proxy's state (`pending`, `ready`, `failed`; null
 * for other types). Cards show both links, so kept search answers go when they change, as they
 * do for the thumbnail.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('assets').addColumn('hover_key', 'varchar(255)').execute();
  await db.schema.alterTable('assets').addColumn('proxy_key', 'varchar(255)').execute();
  await db.schema.alterTable('assets').addColumn('proxy_state', 'varchar(16)').execute();
  for (const stmt of dialect === 'postgres' ? postgres() : sqlite()) await sql.raw(stmt).execute(db);
}

/** The columns a card shows, as 2026113001 watched them, and the three new ones. */
const WATCHED = [
  'mime',
  'size',
  'width',
  'height',
  'duration_seconds',
  'thumb_key',
  'preview_key',
  'derivatives',
  'updated_at',
  'availability',
  'availability_date',
  'availability_reason',
  'review_state',
  'review_reason',
  'hover_key',
  'proxy_key',
  'proxy_state',
];

function sqlite(): string[] {
  return [
    'drop trigger assets_card_generation_au',
    `create trigger assets_card_generation_au after update of ${WATCHED.join(', ')} on assets begin
      insert into search_generations (brand_id, n) values (new.brand_id, 1)
        on conflict (brand_id) do update set n = n + 1;
    end`,
  ];
}

function postgres(): string[] {
  const changed = WATCHED.map((c) => `o.${c} is distinct from n.${c}`).join(' or ');
  return [
    `create or replace function assets_card_generation() returns trigger language plpgsql as $$
      begin
        insert into search_generations (brand_id, n)
          select distinct n.brand_id, 1
          from new_rows n
          join old_rows o on o.id = n.id
          where ${changed}
          order by 1
          on conflict (brand_id) do update set n = search_generations.n + 1;
        return null;
      end $$`,
  ];
}
