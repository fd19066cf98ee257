import { sql } from 'kysely';
import { hiddenIn } from '../access/privacy.js';
import type { Sight } from '../access/privacy.js';
import type { Db, Dialect } from '../../db/index.js';
import type { SearchFilters } from './search.types.js';
import { searchQueries } from './search.where.repo.js';

/** A field as the field facets, sorts and gaps read it. */
export interface FacetField {
  id: number;
  key: string;
  type: string;
  vocabulary_id: number | null;
}
export interface FieldFacet {
  options?: { id: number; count: number }[];
  min?: number | string | null;
  max?: number | string | null;
}

/**
 * SQL of searching by a brand's own metadata (issue 39 §3): field facets, pages sorted by a
 * field's value, tree descendants and required-field gaps. Conditions themselves are in
 * `filtered` (search.where.repo.ts), so every strategy of the searcher applies them.
 */
export function searchFieldsRepo(db: Db, dialect: Dialect) {
  const { filtered } = searchQueries(db, dialect);

  /** The matches of `f` (the first `sample` of them, when given) as an id subquery. */
  const matches = (f: SearchFilters, sample?: number) => {
    const q = filtered(f).select('asset_search.asset_id');
    return sample === undefined ? q : db.selectFrom(q.limit(sample).as('m')).select('m.asset_id');
  };

  return {
    /** The option ids at or below the tree options `ids` (paths `/12/40/` begin with a node's). */
    async descendants(ids: number[]): Promise<number[]> {
      const nodes = await db
        .selectFrom('vocabulary_options')
        .select(['vocabulary_id', 'path'])
        .where('id', 'in', ids)
        .execute();
      if (!nodes.length) return ids;
      const rows = await db
        .selectFrom('vocabulary_options')
        .select('id')
        .where((eb) =>
          eb.or(
            nodes.map((n) => eb.and([eb('vocabulary_id', '=', n.vocabulary_id), eb('path', 'like', `${n.path}%`)])),
          ),
        )
        .execute();
      return [...new Set([...ids, ...rows.map((r) => r.id)])];
    },

    /**
     * Per field, option counts over the matches (tree: a node's count includes its descendants',
     * each asset holding one node) or the range of number and date values.
     */
    async facets(f: SearchFilters, fields: FacetField[], sample?: number): Promise<Record<string, FieldFacet>> {
      const out: Record<string, FieldFacet> = {};
      const optionFields = fields.filter((x) => x.vocabulary_id !== null);
      const rangeFields = fields.filter((x) => x.type === 'number' || x.type === 'date');
      const [counts, ranges, paths] = await Promise.all([
        optionFields.length
          ? db
              .selectFrom('asset_field_values as v')
              .select(['v.field_id', 'v.option_id', (eb) => eb.fn.countAll<number>().as('n')])
              .where(
                'v.field_id',
                'in',
                optionFields.map((x) => x.id),
              )
              .where('v.asset_id', 'in', matches(f, sample))
              .groupBy(['v.field_id', 'v.option_id'])
              .execute()
          : [],
        rangeFields.length
          ? db
              .selectFrom('asset_field_values as v')
              .select((eb) => [
                'v.field_id',
                eb.fn.min('v.value_number').as('min_n'),
                eb.fn.max('v.value_number').as('max_n'),
                eb.fn.min('v.value_date').as('min_d'),
                eb.fn.max('v.value_date').as('max_d'),
              ])
              .where(
                'v.field_id',
                'in',
                rangeFields.map((x) => x.id),
              )
              .where('v.asset_id', 'in', matches(f, sample))
              .groupBy('v.field_id')
              .execute()
          : [],
        optionFields.some((x) => x.type === 'tree')
          ? db
              .selectFrom('vocabulary_options')
              .select(['id', 'path'])
              .where(
                'vocabulary_id',
                'in',
                optionFields.filter((x) => x.type === 'tree').map((x) => x.vocabulary_id!),
              )
              .execute()
          : [],
      ]);
      const pathOf = new Map(paths.map((p) => [p.id, p.path]));
      for (const x of optionFields) {
        const n = new Map<number, number>();
        for (const r of counts.filter((c) => c.field_id === x.id && c.option_id !== null)) {
          // A tree value counts for the node and every ancestor on its path.
          const on =
            x.type === 'tree'
              ? (pathOf.get(r.option_id!) ?? `/${r.option_id}/`).split('/').filter(Boolean).map(Number)
              : [r.option_id!];
          for (const id of on) n.set(id, (n.get(id) ?? 0) + Number(r.n));
        }
        out[x.key] = {
          options: [...n].map(([id, count]) => ({ id, count })).sort((a, b) => b.count - a.count || a.id - b.id),
        };
      }
      for (const x of rangeFields) {
        const r = ranges.find((c) => c.field_id === x.id);
        const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
        out[x.key] =
          x.type === 'number'
            ? { min: num(r?.min_n), max: num(r?.max_n) }
            : { min: (r?.min_d as string | null) ?? null, max: (r?.max_d as string | null) ?? null };
      }
      return out;
    },

    /** A page of the matches in order of a number or date field's value; assets without one last. */
    async pageByField(f: SearchFilters, field: FacetField, dir: 'asc' | 'desc', limit: number, offset: number) {
      const col = field.type === 'number' ? 'v.value_number' : 'v.value_date';
      const rows = await filtered(f)
        .leftJoin('asset_field_values as v', (j) =>
          j.onRef('v.asset_id', '=', 'asset_search.asset_id').on('v.field_id', '=', field.id),
        )
        .select('asset_search.asset_id')
        .orderBy(sql`case when ${sql.ref(col)} is null then 1 else 0 end`)
        .orderBy(col, dir)
        .orderBy('asset_search.asset_id', dir)
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => Number(r.asset_id));
    },

    /**
     * Per required field, the live assets of its types without a value, of those `sight` sees.
     */
    async gaps(brandId: number, fields: { id: number; types: string[] }[], sight: Sight) {
      const hidden = hiddenIn(sight);
      return Promise.all(
        fields.map(async (x) => {
          const r = await db
            .selectFrom('asset_search')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('asset_search.brand_id', '=', brandId)
            .where('asset_search.active', '=', 1)
            .$if(!!hidden, (q) => q.where('asset_search.hidden', 'in', hidden!))
            .where('asset_search.type', 'in', x.types)
            .where(
              'asset_search.asset_id',
              'not in',
              db.selectFrom('asset_field_values').select('asset_id').where('field_id', '=', x.id),
            )
            .executeTakeFirstOrThrow();
          return { field: x.id, missing: Number(r.n) };
        }),
      );
    },
  };
}
export type SearchFieldsRepo = ReturnType<typeof searchFieldsRepo>;
