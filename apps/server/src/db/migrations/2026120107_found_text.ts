import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';
import { postgresSearchSync } from './support/searchTriggers.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Text inside files (issue 42 §1). `asset_text` holds one row per asset for the revision its text
 * was read from: the state (done, failed, skipped with the reason), where the text came from
 * (`ocr` of the image, the video's `poster`, a `pdf`, an `office` file), the text, and `pages`
 * as JSON (each page's text and, where OCR read it, its lines with their boxes).
 *
 * `assets.found_text` (2026120106) joins the found words into the full text: after the keywords
 * and field text in SQLite's `assets_fts` and in PostgreSQL's `tsv`. Search orders by name, date,
 * type or size, never by relevance, so found words only need to match. Existing rows hold '' and
 * an empty string adds no token, so nothing is re-indexed: the triggers change, the rows stay.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('asset_text')
    .addColumn('asset_id', 'integer', (c: any) => c.primaryKey().references('assets.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('rev', 'integer', (c: any) => c.notNull())
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('source', 'varchar(16)')
    .addColumn('text', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('pages', 'text', (c: any) => c.notNull().defaultTo('[]'))
    .addColumn('analysed_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('asset_text_brand').on('asset_text').columns(['brand_id', 'state']).execute();
  const stmts = dialect === 'postgres' ? [postgresSync()] : sqlite();
  for (const stmt of stmts) await sql.raw(stmt).execute(db);
}

function swap(text: string, from: string, to: string, times: number): string {
  const n = text.split(from).length - 1;
  if (n !== times) throw new Error(`expected ${times} of ${JSON.stringify(from.slice(0, 60))}, found ${n}`);
  return text.replaceAll(from, to);
}

const E = 'char(57344)';
/** 2026113001's scope tokens of search row `s`. */
const scopeOf = (
  s: string,
) => `${E} || 'f' || replace(substr(${s}.folder_path, 2, length(${s}.folder_path) - 2), '/', ' ' || ${E} || 'f')
      || ' ' || ${E} || 't' || ${s}.type || ' ' || ${E} || 'x' || ${s}.ext
      || ' ' || ${E} || 'c' || ${s}.type || 'x' || ${s}.ext
      || ' ' || ${E} || 'f'
        || replace(substr(${s}.folder_path, 2, length(${s}.folder_path) - 2), '/', 'c' || ${s}.type || 'x' || ${s}.ext || ' ' || ${E} || 'f')
        || 'c' || ${s}.type || 'x' || ${s}.ext
      || case when ${s}.hidden = 2 then ' ' || ${E} || 'hidden ' || ${E} || 'review'
          when ${s}.hidden = 1 then ' ' || ${E} || 'hidden' else '' end`;

/** 2026113001's full-text row of asset `a`, with the found text after the field text. */
const ftsInsert = (s: string) => `insert into assets_fts (rowid, name, description, keywords, categories, scope)
    select a.id, a.name, coalesce(a.description, ''), a.keywords || ' ' || a.field_text || ' ' || a.found_text,
      a.categories, ${scopeOf(s)}`;

function sqlite(): string[] {
  return [
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
    `create trigger assets_fts_au after update of description, keywords, field_text, found_text on assets begin
      delete from assets_fts where rowid = old.id;
      ${ftsInsert('s')} from assets a join asset_search s on s.asset_id = a.id where a.id = new.id and s.active = 1;
    end`,
    `create trigger assets_text_generation_au after update of description, keywords, field_text, found_text on assets begin
      insert into search_generations (brand_id, n) select new.brand_id, 1 where true
        on conflict (brand_id) do update set n = n + 1;
    end`,
  ];
}

/** 2026113001's function, with the found text in `tsv` (inserts and updates) and watched. */
function postgresSync(): string {
  const OLD_HIDDEN = `case when n.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end`;
  const hidden = `case when n.review_state <> 'approved' then 2
       when n.visibility = 'PRIVATE' or f.private_path = 1 or n.availability in ('expired', 'embargoed') then 1
       else 0 end`;
  let fn = postgresSearchSync({ copied: ['size'] });
  fn = swap(
    fn,
    "n.keywords || ' ' || n.categories",
    "n.keywords || ' ' || n.categories || ' ' || n.field_text || ' ' || n.found_text",
    2,
  );
  fn = swap(
    fn,
    'o.keywords is distinct from n.keywords',
    'o.keywords is distinct from n.keywords or o.field_text is distinct from n.field_text' +
      ' or o.found_text is distinct from n.found_text',
    1,
  );
  fn = swap(fn, OLD_HIDDEN, hidden, 2);
  return swap(
    fn,
    'o.visibility is distinct from n.visibility',
    'o.visibility is distinct from n.visibility or o.availability is distinct from n.availability' +
      ' or o.review_state is distinct from n.review_state',
    1,
  );
}
