import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { containsPattern } from '../../db/like.js';
import { parseList } from './assets.view.js';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * SQL of the words assets carry as plain strings: their themes (`categories`, a JSON list),
 * visual language and keywords. Themes and visual language follow the brand's vocabularies, so
 * renaming or merging an option rewrites them here.
 */
export function assetLabelsRepo(db: Db) {
  return {
    /**
     * Every asset of the brand holding `from` (any case) holds `to` instead; a list holding both
     * keeps one. Answers how many assets changed.
     */
    async rewrite(brandId: number, key: 'themes' | 'language', from: string, to: string, at: string) {
      if (key === 'language') {
        const r = await db
          .updateTable('assets')
          .set({ language: to, updated_at: at })
          .where('brand_id', '=', brandId)
          .where(sql<boolean>`lower(trim(language)) = ${from.trim().toLowerCase()}`)
          .where('language', '!=', to)
          .executeTakeFirst();
        return Number(r.numUpdatedRows);
      }
      const rows = await db
        .selectFrom('assets')
        .select(['id', 'categories'])
        .where('brand_id', '=', brandId)
        .where(sql<boolean>`lower(categories) like ${containsPattern(from.trim())} escape '\\'`)
        .execute();
      let changed = 0;
      for (const r of rows) {
        const before = parseList(r.categories);
        if (!before.some((c) => same(c, from))) continue;
        const after: string[] = [];
        for (const c of before.map((c) => (same(c, from) ? to : c))) if (!after.some((a) => same(a, c))) after.push(c);
        if (JSON.stringify(after) === JSON.stringify(before)) continue;
        await db
          .updateTable('assets')
          .set({ categories: JSON.stringify(after), updated_at: at })
          .where('id', '=', r.id)
          .execute();
        changed += 1;
      }
      return changed;
    },

    /**
     * The brand's most used keywords starting with `prefix` (any case), on its active assets.
     * Whole lists are grouped in SQL (few are distinct) and split here, as the search facets do.
     */
    async keywordsStarting(brandId: number, prefix: string, limit: number) {
      const p = prefix.trim().toLowerCase();
      const rows = await db
        .selectFrom('assets')
        .select(['keywords', (eb) => eb.fn.countAll<number>().as('n')])
        .where('brand_id', '=', brandId)
        .where('status', '=', 'ACTIVE')
        .where('keywords', '!=', '[]')
        .$if(p !== '', (q) => q.where(sql<boolean>`lower(keywords) like ${containsPattern(p)} escape '\\'`))
        .groupBy('keywords')
        .execute();
      const counts = new Map<string, { value: string; count: number }>();
      for (const r of rows)
        for (const k of new Set(parseList(r.keywords).map((w) => w.trim())))
          if (k !== '' && k.toLowerCase().startsWith(p)) {
            const seen = counts.get(k.toLowerCase());
            if (seen) seen.count += Number(r.n);
            else counts.set(k.toLowerCase(), { value: k, count: Number(r.n) });
          }
      return [...counts.values()].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)).slice(0, limit);
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    assetLabels: ReturnType<typeof assetLabelsRepo>;
  }
}
