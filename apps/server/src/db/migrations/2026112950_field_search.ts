import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';
import { postgresSearchSync } from './support/searchTriggers.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Searching by a brand's own metadata (issue 39 §3). `assets.field_text` holds the asset's text,
 * long text and URL field values, written with them (values.repo.ts), and goes into the full
 * text with the keywords: SQLite's `assets_fts` triggers and PostgreSQL's `tsv` read it as they
 * read the description. Any change to values, fields or a tree's shape bumps the brand's search
 * generation in the same transaction, so kept answers (filters, facets, field sorts) go.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const stmts = dialect === 'postgres' ? postgres() : sqlite();
  for (const stmt of stmts) await sql.raw(stmt).execute(db);
}

const E = 'char(57344)';
/** The baseline's scope tokens of search row `s` (folders, type, extension, pairs, hidden). */
const scopeOf = (
  s: string,
) => `${E} || 'f' || replace(substr(${s}.folder_path, 2, length(${s}.folder_path) - 2), '/', ' ' || ${E} || 'f')
      || ' ' || ${E} || 't' || ${s}.type || ' ' || ${E} || 'x' || ${s}.ext
      || ' ' || ${E} || 'c' || ${s}.type || 'x' || ${s}.ext
      || ' ' || ${E} || 'f'
        || replace(substr(${s}.folder_path, 2, length(${s}.folder_path) - 2), '/', 'c' || ${s}.type || 'x' || ${s}.ext || ' ' || ${E} || 'f')
        || 'c' || ${s}.type || 'x' || ${s}.ext
      || case when ${s}.hidden = 1 then ' ' || ${E} || 'hidden' else '' end`;

/** The baseline's full-text row of asset `a`, with the field text after the keywords. */
const ftsInsert = (s: string) => `insert into assets_fts (rowid, name, description, keywords, categories, scope)
    select a.id, a.name, coalesce(a.description, ''), a.keywords || ' ' || a.field_text, a.categories, ${scopeOf(s)}`;

/**
 * Bumps the generation of `brand`, read from `from` (none when its row is gone: a cascade).
 * `where` is there because SQLite cannot tell `select … on conflict` from a join otherwise.
 */
const bump = (
  brand: string,
  from = 'where true',
) => `insert into search_generations (brand_id, n) select ${brand}, 1 ${from}
    on conflict (brand_id) do update set n = n + 1;`;

function sqlite(): string[] {
  const ofValue = (r: string) => bump('brand_id', `from assets where id = ${r}.asset_id`);
  return [
    `alter table assets add column field_text text not null default ''`,
    'drop trigger asset_search_fts_ai',
    'drop trigger asset_search_fts_au',
    'drop trigger assets_fts_au',
    'drop trigger assets_text_generation_au',
    `create trigger asset_search_fts_ai after insert on asset_search begin
      ${ftsInsert('new')} from assets a where a.id = new.asset_id and new.active = 1;
    end`,
    `create trigger asset_search_fts_au after update of folder_path, type, ext, active, hidden on asset_search
      when old.folder_path is not new.folder_path or old.type is not new.type or old.ext is not new.ext
        or old.active is not new.active or old.hidden is not new.hidden
    begin
      delete from assets_fts where rowid = old.asset_id;
      ${ftsInsert('new')} from assets a where a.id = new.asset_id and new.active = 1;
    end`,
    `create trigger assets_fts_au after update of description, keywords, field_text on assets begin
      delete from assets_fts where rowid = old.id;
      ${ftsInsert('s')} from assets a join asset_search s on s.asset_id = a.id where a.id = new.id and s.active = 1;
    end`,
    `create trigger assets_text_generation_au after update of description, keywords, field_text on assets begin
      ${bump('new.brand_id')}
    end`,
    `create trigger asset_field_values_generation_ai after insert on asset_field_values begin ${ofValue('new')} end`,
    `create trigger asset_field_values_generation_ad after delete on asset_field_values begin ${ofValue('old')} end`,
    `create trigger asset_field_values_generation_au after update on asset_field_values begin ${ofValue('new')} end`,
    `create trigger metadata_fields_generation_ai after insert on metadata_fields begin ${bump('new.brand_id')} end`,
    `create trigger metadata_fields_generation_au after update on metadata_fields begin ${bump('new.brand_id')} end`,
    `create trigger vocabulary_options_generation_au after update of path, parent_id on vocabulary_options begin
      ${bump('brand_id', 'from vocabularies where id = new.vocabulary_id')}
    end`,
  ];
}

/** 2026112690's function with the field text in `tsv` (inserts and updates) and among the watched columns. */
function postgresSync(): string {
  const base = postgresSearchSync({ copied: ['size'] });
  const withText = base
    .replaceAll("n.keywords || ' ' || n.categories", "n.keywords || ' ' || n.categories || ' ' || n.field_text")
    .replace(
      'o.keywords is distinct from n.keywords',
      'o.keywords is distinct from n.keywords or o.field_text is distinct from n.field_text',
    );
  if (withText.split('field_text').length !== 5) throw new Error('asset_search_sync_rows() changed shape');
  return withText;
}

function postgres(): string[] {
  const fn = (name: string, brand: string) => `create function ${name}() returns trigger language plpgsql as $$
    begin
      insert into search_generations (brand_id, n) select ${brand}
        on conflict (brand_id) do update set n = search_generations.n + 1;
      return null;
    end $$`;
  const ofValue = (r: string) => `brand_id, 1 from assets where id = ${r}.asset_id`;
  return [
    `alter table assets add column field_text text not null default ''`,
    postgresSync(),
    fn('field_values_generation_new', ofValue('new')),
    fn('field_values_generation_old', ofValue('old')),
    fn('metadata_fields_generation', 'new.brand_id, 1'),
    fn('vocabulary_options_generation', 'brand_id, 1 from vocabularies where id = new.vocabulary_id'),
    `create trigger asset_field_values_generation_ai after insert or update on asset_field_values
      for each row execute function field_values_generation_new()`,
    `create trigger asset_field_values_generation_ad after delete on asset_field_values
      for each row execute function field_values_generation_old()`,
    `create trigger metadata_fields_generation_aiu after insert or update on metadata_fields
      for each row execute function metadata_fields_generation()`,
    `create trigger vocabulary_options_generation_au after update of path, parent_id on vocabulary_options
      for each row execute function vocabulary_options_generation()`,
  ];
}
