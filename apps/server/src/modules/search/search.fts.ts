import { beyondTypeAndExtension } from './search.types.js';
import type { SearchFilters } from './search.types.js';
import { hiddenClasses } from '../access/privacy.js';

/** Starts the scope tokens of the full-text rows (migration 2026112214); typed words never hold it. */
const SCOPE_MARK = '\u{E000}';
const PLAIN = /^[a-z0-9]+$/;

/** The FTS5 expression of `f`'s words, the last one as the exact `words` it stands for. */
export const wordsMatch = (f: SearchFilters, words: string[]) =>
  [...f.terms.slice(0, -1).map((t) => `"${t}"`), `(${words.map((t) => `"${t}"`).join(' OR ')})`].join(' AND ');

/** An extension as asset_search keeps it: lower case, no leading dot. */
export const normExt = (e: string) => e.toLowerCase().replace(/^\./, '');

/**
 * SQLite: the groups of scope tokens a matching row holds, as FTS5 conditions: the folder (which
 * all of its subfolders' rows hold too), the type and extension pairs, or either alone. With both
 * a folder and pairs, the folder's own pair tokens (2026112405): one OR of lists that hold only
 * the rows in scope. Values that are not plain letters and digits are left to SQL. `root`: the
 * brand's root folder, for a brand-wide search that must hold its token.
 */
function scopeMatch(f: SearchFilters, root: number | null): string[] {
  const groups: string[][] = [];
  const s = f.scope;
  const folder =
    s.kind === 'folder'
      ? `f${s.folderId}`
      : s.kind === 'subtree'
        ? `f${s.path.split('/').filter(Boolean).at(-1)}`
        : root !== null
          ? `f${root}`
          : '';
  const types = (f.type ?? []).filter((t) => PLAIN.test(t));
  const exts = (f.extension ?? []).map(normExt);
  const extsPlain = exts.length > 0 && exts.every((e) => PLAIN.test(e));
  const typesAll = types.length > 0 && types.length === f.type!.length;
  if (typesAll && extsPlain && types.length * exts.length <= 16)
    groups.push(types.flatMap((t) => exts.map((e) => `${folder}c${t}x${e}`)));
  else {
    if (folder) groups.push([folder]);
    if (typesAll) groups.push(types.map((t) => `t${t}`));
    if (extsPlain) groups.push(exts.map((e) => `x${e}`));
  }
  return groups.map((g) => `(${g.map((t) => `"${SCOPE_MARK}${t}"`).join(' OR ')})`);
}

/**
 * SQLite: the FTS5 query for the words (the last one as a prefix) and the scope tokens the rows
 * must hold, so FTS5 itself narrows the matches to the folder, type and extension. The SQL
 * conditions still apply; the tokens only make FTS5 return fewer rows.
 */
export function ftsMatch(f: SearchFilters, root: number | null = null) {
  const words = f.terms.map((t, i) => `"${t}"${i === f.terms.length - 1 ? '*' : ''}`);
  return [...words, ...scopeMatch(f, root)].join(' AND ');
}

/**
 * SQLite: whether full-text tokens hold every condition of the search (only searchable assets have
 * full-text rows, and rows guests may not see are marked hidden: 2026112402); not with author,
 * language, categories, dates, one folder alone, or a type or extension that is not plain
 * letters and digits.
 */
export function ftsCovers(f: SearchFilters): boolean {
  if (beyondTypeAndExtension(f) || f.scope.kind === 'folder' || !f.terms.length) return false;
  return (f.type ?? []).every((t) => PLAIN.test(t)) && (f.extension ?? []).map(normExt).every((e) => PLAIN.test(e));
}

/**
 * SQLite: the FTS5 query whose matches are exactly the search's rows, for a search `ftsCovers`.
 * `brandRoot`: the brand's root folder, when other brands have rows too (its token is held by
 * every row of the brand).
 */
export function ftsExact(f: SearchFilters, brandRoot: number | null): string {
  let q = ftsMatch(f, f.scope.kind === 'brand' ? brandRoot : null);
  // Class 1 rows carry the `hidden` mark, class 2 rows `hidden` and `review` (2026113001).
  const h = hiddenClasses(f);
  if (!h.includes(1) && !h.includes(2)) q = `(${q}) NOT "${SCOPE_MARK}hidden"`;
  else if (!h.includes(2)) q = `(${q}) NOT "${SCOPE_MARK}review"`;
  if (!h.includes(0)) q = `(${q}) AND "${SCOPE_MARK}hidden"`;
  return q;
}
