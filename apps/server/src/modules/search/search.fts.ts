import type { SearchFilters } from './search.repo.js';

/** Starts the scope tokens of the full-text rows (migration 2026112214); typed words never hold it. */
const SCOPE_MARK = '\u{E000}';
const PLAIN = /^[a-z0-9]+$/;

/** An extension as asset_search keeps it: lower case, no leading dot. */
export const normExt = (e: string) => e.toLowerCase().replace(/^\./, '');

/**
 * SQLite: the groups of scope tokens a matching row holds, as FTS5 conditions: the folder (which
 * all of its subfolders' rows hold too), the type and extension pairs, or either alone. Values
 * that are not plain letters and digits are left to SQL.
 */
function scopeMatch(f: SearchFilters): string[] {
  const groups: string[][] = [];
  const s = f.scope;
  if (s.kind === 'folder') groups.push([`f${s.folderId}`]);
  if (s.kind === 'subtree') groups.push([`f${s.path.split('/').filter(Boolean).at(-1)}`]);
  const types = (f.type ?? []).filter((t) => PLAIN.test(t));
  const exts = (f.extension ?? []).map(normExt);
  const extsPlain = exts.length > 0 && exts.every((e) => PLAIN.test(e));
  const typesAll = types.length > 0 && types.length === f.type!.length;
  if (typesAll && extsPlain && types.length * exts.length <= 16)
    groups.push(types.flatMap((t) => exts.map((e) => `c${t}x${e}`)));
  else {
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
export function ftsMatch(f: SearchFilters) {
  const words = f.terms.map((t, i) => `"${t}"${i === f.terms.length - 1 ? '*' : ''}`);
  return [...words, ...scopeMatch(f)].join(' AND ');
}
