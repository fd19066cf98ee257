import { sql } from 'kysely';
import type { SelectQueryBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { FOLD_FROM, FOLD_TO } from '../../db/migrations/2026112204_search.js';

/** Where to look: the whole brand, one folder, or a folder with its subfolders (path prefix). */
export type Scope =
  | { kind: 'brand'; brandId: number }
  | { kind: 'folder'; folderId: number }
  | { kind: 'subtree'; brandId: number; path: string };

export interface SearchFilters {
  scope: Scope;
  /** false: rows hidden from guests (PRIVATE asset or under a PRIVATE folder) are left out. */
  withPrivate: boolean;
  terms: string[];
  author?: string[];
  type?: string[];
  categories?: string[];
  language?: string[];
  extension?: string[];
  /** Inclusive ISO bounds on sort_date (created_at). */
  dateFrom?: string;
  dateBefore?: string;
  visibility?: 'PUBLIC' | 'PRIVATE';
}
export interface SearchOrder {
  key: 'name_lc' | 'sort_date';
  dir: 'asc' | 'desc';
}
export type FacetName = 'author' | 'type' | 'category' | 'language' | 'extension';

type Q = SelectQueryBuilder<Database, 'asset_search', object>;

const fold = (s: string) => {
  const from = [...FOLD_FROM];
  const to = [...FOLD_TO];
  const map = new Map(from.map((c, i) => [c, to[i]!]));
  return [...s].map((c) => map.get(c) ?? c).join('');
};

/**
 * Query words: NFC, lower case, split on anything that is not a letter or a digit. PostgreSQL also
 * folds accents with the table its index was built with; FTS5 folds them itself.
 */
export function searchTerms(q: string | undefined, dialect: Dialect): string[] {
  if (!q) return [];
  const lower = q.normalize('NFC').toLowerCase();
  const text = dialect === 'postgres' ? fold(lower) : lower;
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16);
}

/** Every filter, sort, count and facet runs on asset_search and its indexes (see the migration). */
export function searchRepo(db: Db, dialect: Dialect) {
  const pg = dialect === 'postgres';

  function filtered(f: SearchFilters): Q {
    let q: Q = db.selectFrom('asset_search').where('asset_search.active', '=', 1);
    const s = f.scope;
    if (s.kind === 'folder') q = q.where('asset_search.folder_id', '=', s.folderId);
    else {
      q = q.where('asset_search.brand_id', '=', s.brandId);
      // Paths hold only digits and '/', so LIKE needs no escaping; SQLite gets the equivalent
      // binary range ('/' + 1 = '0'), PostgreSQL the LIKE (its collation may not be bytewise).
      if (s.kind === 'subtree')
        q = pg
          ? q.where('asset_search.folder_path', 'like', `${s.path}%`)
          : q
              .where('asset_search.folder_path', '>=', s.path)
              .where('asset_search.folder_path', '<', `${s.path.slice(0, -1)}0`);
    }
    if (!f.withPrivate) q = q.where('asset_search.hidden', '=', 0);
    if (f.visibility) q = q.where('asset_search.hidden', '=', f.visibility === 'PRIVATE' ? 1 : 0);
    if (f.type?.length) q = q.where('asset_search.type', 'in', f.type);
    if (f.extension?.length)
      q = q.where(
        'asset_search.ext',
        'in',
        f.extension.map((e) => e.toLowerCase().replace(/^\./, '')),
      );
    if (f.author?.length) q = q.where('asset_search.author', 'in', f.author);
    if (f.language?.length) q = q.where('asset_search.language', 'in', f.language);
    if (f.categories?.length) {
      const list = sql.join(f.categories);
      q = q.where(
        pg
          ? sql<boolean>`exists (select 1 from jsonb_array_elements_text(asset_search.categories::jsonb) c(v) where c.v in (${list}))`
          : sql<boolean>`exists (select 1 from json_each(asset_search.categories) c where c.value in (${list}))`,
      );
    }
    if (f.dateFrom) q = q.where('asset_search.sort_date', '>=', f.dateFrom);
    if (f.dateBefore) q = q.where('asset_search.sort_date', '<', f.dateBefore);
    if (f.terms.length) {
      if (pg) {
        // Terms are letters and digits only; the last one matches as a prefix.
        const tsq = f.terms.map((t, i) => (i === f.terms.length - 1 ? `${t}:*` : t)).join(' & ');
        q = q.where(sql<boolean>`asset_search.tsv @@ to_tsquery('simple', ${tsq})`);
      } else {
        const match = f.terms.map((t, i) => `"${t}"${i === f.terms.length - 1 ? '*' : ''}`).join(' ');
        q = q.where(
          'asset_search.asset_id',
          'in',
          sql<number>`(select rowid from assets_fts where assets_fts match ${match})`,
        );
      }
    }
    return q;
  }

  return {
    /** One page of ids in order; ties broken by id in the same direction (matches the indexes). */
    async page(f: SearchFilters, order: SearchOrder, limit: number, offset: number) {
      const rows = await filtered(f)
        .select('asset_search.asset_id')
        .orderBy(`asset_search.${order.key}`, order.dir)
        .orderBy('asset_search.asset_id', order.dir)
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => Number(r.asset_id));
    },

    /** The page query itself, for EXPLAIN in reports and tests. */
    pageQuery: (f: SearchFilters, order: SearchOrder, limit: number, offset: number) =>
      filtered(f)
        .select('asset_search.asset_id')
        .orderBy(`asset_search.${order.key}`, order.dir)
        .orderBy('asset_search.asset_id', order.dir)
        .limit(limit)
        .offset(offset),

    /** Counts at most `cap + 1` rows: the caller reports "cap+" beyond `cap`. */
    async count(f: SearchFilters, cap: number) {
      const inner = filtered(f)
        .select('asset_search.asset_id')
        .limit(cap + 1);
      const r = await db
        .selectFrom(inner.as('x'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Facet counts over the filtered set, bounded: at most `cap` matching rows (the first ones in
     * asset_search index order) are grouped, in one statement that reads the set once.
     */
    async facets(f: SearchFilters, cap: number, perFacet: number) {
      const inner = filtered(f)
        .select([
          'asset_search.author',
          'asset_search.type',
          'asset_search.ext',
          'asset_search.language',
          'asset_search.categories',
        ])
        .limit(cap);
      const cats = pg ? sql`jsonb_array_elements_text(s.categories::jsonb) c(v)` : sql`json_each(s.categories) c`;
      const cv = pg ? sql`c.v` : sql`c.value`;
      const r = await sql<{ f: FacetName; v: string; n: number }>`
        with s as materialized ${inner}
        select 'author' as f, s.author as v, count(*) as n from s where s.author is not null and s.author <> '' group by s.author
        union all select 'type', s.type, count(*) from s group by s.type
        union all select 'extension', s.ext, count(*) from s group by s.ext
        union all select 'language', s.language, count(*) from s where s.language is not null and s.language <> '' group by s.language
        union all select 'category', ${cv}, count(*) from s, ${cats} group by ${cv}`.execute(db);
      const out: Record<FacetName, { value: string; count: number }[]> = {
        author: [],
        type: [],
        category: [],
        language: [],
        extension: [],
      };
      for (const row of r.rows) out[row.f].push({ value: String(row.v), count: Number(row.n) });
      for (const k of Object.keys(out) as FacetName[])
        out[k] = out[k]
          .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
          .slice(0, perFacet);
      return out;
    },

    /** Full asset rows for a page, in the page's order. */
    async rows(ids: number[]) {
      if (!ids.length) return [];
      const rows = await db.selectFrom('assets').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    },
  };
}
export type SearchRepo = ReturnType<typeof searchRepo>;
