/**
 * The accent-folding table as the search index was built with it (by the baseline and
 * 2026112601), frozen: ../../fold.ts is the live copy the queries fold with, and a test there
 * checks the two agree. Changing the live table needs a migration that rebuilds
 * `asset_search.tsv` and `asset_search.name_lc` with a table of its own; this one stays.
 */
export const FOLD_FROM =
  'áàâäãåāăąçćčďđéèêëēėęěíìîïīįłñńňóòôöõøōőŕřśšşťúùûüūůűýÿžźżÁÀÂÄÃÅĀĂĄÇĆČĎĐÉÈÊËĒĖĘĚÍÌÎÏĪĮŁÑŃŇÓÒÔÖÕØŌŐŔŘŚŠŞŤÚÙÛÜŪŮŰÝŸŽŹŻ';
export const FOLD_TO =
  'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzz';
