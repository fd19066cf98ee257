import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { grouped, pageIds, rowsOfIds } from './search.facets.repo.js';
import { normExt } from './search.fts.js';
import { countOverKeys, firstAssets } from './search.ids.repo.js';
import { beyondTypeAndExtension } from './search.types.js';
import { underPath } from '../../db/pathPrefix.js';
import { hiddenIn } from '../access/privacy.js';
import type { PageOf, SearchFilters } from './search.types.js';

/**
 * PostgreSQL: whether the word rows (2026112404) hold every condition of `f`: one term that
 * stands for a few known words (`lastWords`), and only type, extension and privacy besides.
 * Others go to the GIN index.
 */
export const wordsCover = (f: SearchFilters): boolean =>
  f.terms.length === 1 && !!f.lastWords?.length && !beyondTypeAndExtension(f);

type Ids = SelectQueryBuilder<Database, 'asset_words', { asset_id: number }>;

/** The ids of the word rows matching `f` for `words`, in index order (folder path, then id). */
function wordIds(db: Db, f: SearchFilters, words: string[]): Ids {
  const s = f.scope;
  let q = db
    .selectFrom('asset_words')
    .select('asset_words.asset_id')
    .where('asset_words.brand_id', '=', s.brandId)
    .$call((q) =>
      words.length === 1 ? q.where('asset_words.word', '=', words[0]!) : q.where('asset_words.word', 'in', words),
    );
  if (s.kind === 'folder') q = q.where('asset_words.folder_path', '=', s.path);
  if (s.kind === 'subtree') q = q.where(underPath('asset_words.folder_path', s.path));
  const hidden = hiddenIn(f);
  if (hidden) q = q.where('asset_words.hidden', 'in', hidden);
  if (f.type?.length) q = q.where('asset_words.type', 'in', f.type);
  if (f.extension?.length) q = q.where('asset_words.ext', 'in', f.extension.map(normExt));
  return q;
}

/**
 * Count and facets of a word search from the word rows: the bounded count, an index range read
 * without the table, side by side with the facets of the first `sample` matches, read by id.
 * When those are every match, the page comes from them too; between `sample` and `cap` matches
 * the facets are counted again over all of them. `onCapped` is called as soon as the count
 * says there are more than `cap` (the facets still being read), so the page can start.
 */
export async function summaryOfWords(
  db: Db,
  f: SearchFilters,
  cap: number,
  sample: number,
  page?: PageOf,
  onCapped?: () => void,
) {
  // Never more than the cap + 1 a count reads (as on SQLite), whatever the sample.
  const firstRows = Math.min(sample, cap + 1);
  const sampled = page && { ...page, whenAtMost: firstRows };
  const words = f.lastWords!;
  const [count, first] = await Promise.all([
    countOverKeys(
      db,
      words.map((w) => wordIds(db, f, [w])),
      wordIds(db, f, words),
      cap,
    ).then((n) => {
      if (n > cap) onCapped?.();
      return n;
    }),
    grouped(
      db,
      rowsOfIds(db, firstAssets(db, wordIds(db, f, words), words.length, firstRows), sampled),
      undefined,
      sampled,
    ),
  ]);
  // Rows read: distinct assets (an asset holding two of the words is read once).
  const read = Number(first.find((x) => x.f === 'total')?.n ?? 0);
  if (count > cap) return { count, rows: first, ids: undefined };
  if (read === count) return { count, rows: first, ids: pageIds(first, sampled) };
  const all = await grouped(db, rowsOfIds(db, wordIds(db, f, words), page), undefined, page);
  return { count, rows: all, ids: pageIds(all, page) };
}
