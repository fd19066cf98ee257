/**
 * Accent folding shared by the search index and the queries run against it, so both sides
 * always agree. PostgreSQL folds with `translate(lower(text), FOLD_FROM, FOLD_TO)` (no
 * `unaccent` extension needed); SQLite's full text folds through FTS5's `remove_diacritics 2`,
 * and its name sort key replaces each character of the table (2026112601).
 *
 * What the databases hold was built with this table, frozen for the migrations in
 * migrations/support/fold.ts (fold.test.ts checks the two agree): changing it needs a migration
 * that rebuilds `asset_search.tsv` and `asset_search.name_lc` with the new table, written into
 * that migration (or a support file of its own), and the test pointed at it.
 */
export const FOLD_FROM =
  'áàâäãåāăąçćčďđéèêëēėęěíìîïīįłñńňóòôöõøōőŕřśšşťúùûüūůűýÿžźżÁÀÂÄÃÅĀĂĄÇĆČĎĐÉÈÊËĒĖĘĚÍÌÎÏĪĮŁÑŃŇÓÒÔÖÕØŌŐŔŘŚŠŞŤÚÙÛÜŪŮŰÝŸŽŹŻ';
export const FOLD_TO =
  'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzz';

const FOLDED = new Map([...FOLD_FROM].map((c, i) => [c, [...FOLD_TO][i]!]));

/** `s` with each character of FOLD_FROM replaced by its plain letter, as `translate()` does. */
export const foldAccents = (s: string): string => [...s].map((c) => FOLDED.get(c) ?? c).join('');
