/** A LIKE pattern matching `text` anywhere, case-folded, with LIKE's own wildcards escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
