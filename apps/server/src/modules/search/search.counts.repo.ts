import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { rowsBeside } from '../../db/sideReader.js';
import type { SideReader } from '../../db/sideReader.js';
import { facetLists, sumRows } from './search.facets.repo.js';
import { normExt } from './search.fts.js';
import { underPath } from '../../db/pathPrefix.js';
import type { FacetName, Scope, SearchFilters } from './search.types.js';

/** A facet value's count summed from the count tables (a string from PostgreSQL's sum). */
type Sum = { f: FacetName; v: string; n: number | string };

/** Total (every live row has one type) and facet lists of count-table sums. */
function countedOf(rows: Sum[], perFacet: number) {
  const total = rows.filter((x) => x.f === 'type').reduce((sum, x) => sum + Number(x.n), 0);
  return { total, facets: facetLists(rows, perFacet) };
}

/**
 * What the count tables answer (asset_facets per folder, brand_facets per brand, kept by
 * triggers): the totals and facets of unfiltered scopes, and an estimate of filtered ones.
 * `side`: SQLite's second connection (sideReader.ts), for the half of a subtree's sums.
 */
export function countTables(db: Db, side?: () => SideReader) {
  /** Each facet value's count in `table` over the privacy classes `hidden`, for the caller's rows. */
  const sums = (table: 'asset_facets' | 'brand_facets', hidden: number[]) =>
    db
      .selectFrom(table)
      .select(['facet as f', 'value as v', (eb) => eb.fn.sum<number>('n').as('n')])
      .where('hidden', 'in', hidden)
      .groupBy(['facet', 'value']);

  /**
   * The count-table sums of a subtree: every folder's rows in it, in two halves by folder id side
   * by side, on the pool or on SQLite's side connection; the halves' sums are added up by the
   * caller.
   */
  async function subtreeSums(scope: Extract<Scope, { kind: 'subtree' }>, hidden: number[]) {
    const half = (odd: number) =>
      sums('asset_facets', hidden).where(
        'folder_id',
        'in',
        db
          .selectFrom('folders')
          .select('folders.id')
          .where('folders.brand_id', '=', scope.brandId)
          .where(underPath('folders.path', scope.path))
          .where(sql<boolean>`folders.id % 2 = ${odd}`),
      );
    const [even, odd] = await Promise.all([half(0).execute(), rowsBeside(db, side, half(1).compile())]);
    return [...even, ...odd] as Sum[];
  }
  return {
    /**
     * Total and facets of an unfiltered scope, summed from the count tables (exact, any size).
     * `hidden`: which privacy classes count (0 public, 1 private).
     */
    async counted(scope: Scope, hidden: number[], perFacet: number) {
      if (scope.kind === 'subtree') {
        const rows = sumRows((await subtreeSums(scope, hidden)).map((r) => ({ f: r.f, v: r.v, n: Number(r.n) })));
        return countedOf(rows, perFacet);
      }
      const r =
        scope.kind === 'brand'
          ? await sums('brand_facets', hidden).where('brand_id', '=', scope.brandId).execute()
          : await sums('asset_facets', hidden).where('folder_id', '=', scope.folderId).execute();
      return countedOf(r as Sum[], perFacet);
    },

    /**
     * About how many rows match (`matches`), from the count tables (a few rows): the live rows in
     * scope (`rows`) times, for each facet filtered on, the share holding one of its values, as
     * if the facets were independent (dates, words and subfolders are not counted in). Brand and
     * one-folder scopes only (null otherwise).
     */
    async estimate(f: SearchFilters, hidden: number[]): Promise<{ matches: number; rows: number } | null> {
      if (f.scope.kind === 'subtree' || !hidden.length) return null;
      const wanted: [FacetName, string[] | undefined][] = [
        ['type', f.type],
        ['extension', f.extension?.map(normExt)],
        ['author', f.author],
        ['language', f.language],
        ['category', f.categories],
      ];
      const on = wanted.filter((w): w is [FacetName, string[]] => !!w[1]?.length);
      const s = f.scope;
      const from = sql`from ${s.kind === 'brand' ? sql`brand_facets where brand_id = ${s.brandId}` : sql`asset_facets where folder_id = ${s.folderId}`}
        and hidden in (${sql.join(hidden)})`;
      // Every live row has one type, so the type rows count the scope.
      const filtered = on.map(
        ([facet, values]) =>
          sql`union all select ${facet}, sum(n) ${from} and facet = ${facet} and value in (${sql.join(values)})`,
      );
      const { rows } = await sql<{ f: string; n: number | string | null }>`select 'scope' as f, sum(n) as n ${from}
        and facet = 'type' ${sql.join(filtered, sql` `)}`.execute(db);
      const all = Number(rows.find((r) => r.f === 'scope')?.n ?? 0);
      const parts = rows.filter((r) => r.f !== 'scope').map((r) => Number(r.n ?? 0));
      // A category's rows can exceed the scope's (one asset, several categories): a share is at most 1.
      return { matches: all ? Math.round(parts.reduce((n, p) => n * Math.min(1, p / all), all)) : 0, rows: all };
    },
  };
}
