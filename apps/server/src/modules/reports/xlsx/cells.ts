/**
 * Cells are written as values, never formulas. Text a spreadsheet could read as a formula when it
 * is edited or saved as CSV (starting with =, +, -, @, tab or carriage return) gets a leading
 * apostrophe, OWASP's advice; reading a template back takes exactly that apostrophe off again.
 */
const RISKY = /^[=+\-@\t\r]/;

export function escapeCell(v: string): string {
  return RISKY.test(v) ? `'${v}` : v;
}

export function unescapeCell(v: string): string {
  return v.startsWith("'") && RISKY.test(v.slice(1)) ? v.slice(1) : v;
}

type RichText = { richText: { text: string }[] };
type Formula = { formula?: string; sharedFormula?: string; result?: unknown };

/**
 * A read cell as text. A formula's cached result is used and the formula itself is never
 * evaluated (no result cached: empty); rich text is joined; dates are ISO (a day alone when at
 * midnight); errors are empty.
 */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return unescapeCell(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  // A date without a time of day reads as the day a spreadsheet shows.
  if (v instanceof Date) return v.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof v === 'object') {
    if ('richText' in v) return unescapeCell((v as RichText).richText.map((r) => r.text).join(''));
    if ('formula' in v || 'sharedFormula' in v) return cellText((v as Formula).result ?? null);
    if ('text' in v) return cellText((v as { text: unknown }).text);
    if ('error' in v) return '';
  }
  return '';
}
