import { StringDecoder } from 'node:string_decoder';
import { decode } from './packageParts.js';

/**
 * SpreadsheetML read as text, element by element, with no DOM and no object per cell: a
 * worksheet's rows, the shared strings and which styles show dates. A general XML parser made
 * several objects per cell, and 50,000 rows of that garbage grew the heap by hundreds of MB
 * (issue 43 §6). Any namespace prefix is accepted; text never holds a raw `<` (XML escapes it).
 */

const text = (s: string) => (s.includes('&') ? decode(s) : s);
const P = '(?:[\\w.-]+:)?';

/**
 * An entry's text in pieces that end where `take` stopped: it is handed what is new plus what it
 * left last time, consumes whole elements, and returns how far it got (last, with the remainder).
 */
export async function* pieces(stream: AsyncIterable<Buffer>, take: (s: string) => number): AsyncGenerator<void> {
  const utf8 = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of stream) {
    const s = rest + utf8.write(chunk);
    rest = s.slice(take(s));
    yield;
  }
  take(rest + utf8.end());
}

const ITEM = new RegExp(`<${P}si\\b[^>]*?(?:/>|>([\\s\\S]*?)</${P}si>)`, 'g');
const PHONETIC = new RegExp(`<${P}rPh\\b[\\s\\S]*?</${P}rPh>`, 'g');
const T = new RegExp(`<${P}t(?:\\s[^>]*)?>([^<]*)</${P}t>`, 'g');

/** The text of a string item (`si` or an inline `is`): its runs joined, phonetic guides left out. */
export function itemText(inner: string): string {
  const body = inner.includes('rPh') ? inner.replace(PHONETIC, '') : inner;
  let out = '';
  for (const m of body.matchAll(T)) out += text(m[1]!);
  return out;
}

/** The shared strings table, by index. */
export async function sharedStrings(stream: AsyncIterable<Buffer>): Promise<string[]> {
  const out: string[] = [];
  const take = (s: string) => {
    ITEM.lastIndex = 0;
    let end = 0;
    for (let m; (m = ITEM.exec(s)); end = ITEM.lastIndex) out.push(m[1] === undefined ? '' : itemText(m[1]));
    return end;
  };
  for await (const _ of pieces(stream, take)) void _;
  return out;
}

// Number formats built in as dates and times (ECMA-376 §18.8.30, with the East Asian ones).
const DATE_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47]);
for (let i = 50; i <= 58; i++) DATE_IDS.add(i);
/** A custom format shows a date when, quoted text and [colours] aside, it has date or time letters. */
const isDateCode = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Per cell style index (a cell's `s`), whether its number format shows a date. */
export function dateStyles(stylesXml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(new RegExp(`<${P}numFmt\\b([^>]*)>`, 'g'))) {
    const id = /\bnumFmtId\s*=\s*["'](\d+)/.exec(m[1]!)?.[1];
    const code = /\bformatCode\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(m[1]!);
    if (id && code) custom.set(Number(id), decode(code[1] ?? code[2] ?? ''));
  }
  const xfs = new RegExp(`<${P}cellXfs\\b[^>]*>([\\s\\S]*?)</${P}cellXfs>`).exec(stylesXml)?.[1] ?? '';
  return [...xfs.matchAll(new RegExp(`<${P}xf\\b([^>]*)>`, 'g'))].map((m) => {
    const id = Number(/\bnumFmtId\s*=\s*["'](\d+)/.exec(m[1]!)?.[1] ?? 0);
    const code = custom.get(id);
    return code !== undefined ? isDateCode(code) : DATE_IDS.has(id);
  });
}

export interface SheetLook {
  strings: readonly string[];
  dates: readonly boolean[];
  date1904: boolean;
}

const ROW = new RegExp(`<${P}row\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${P}row>)`, 'g');
const ROW_START = new RegExp(`<${P}row\\b`, 'g');
const CELL = new RegExp(`<${P}c\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${P}c>)`, 'g');
const V = new RegExp(`<${P}v(?:\\s[^>]*)?>([^<]*)</${P}v>`);
const IS = new RegExp(`<${P}is\\b[^>]*>([\\s\\S]*?)</${P}is>`);
const ATTR = {
  r: /(?:^|\s)r\s*=\s*["']([^"']*)/,
  t: /(?:^|\s)t\s*=\s*["']([^"']*)/,
  s: /(?:^|\s)s\s*=\s*["']([^"']*)/,
};
const attr = (attrs: string, name: keyof typeof ATTR) => ATTR[name].exec(attrs)?.[1];

/** A column's number (A is 1) from a cell reference such as "AB12". */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + c - 64;
  }
  return n;
}

/** A cell's value as exceljs gave it: text, a number, a boolean, a date, or null (empty, an error). */
function cellValue(look: SheetLook, attrs: string, inner: string): unknown {
  const type = attr(attrs, 't') ?? 'n';
  if (type === 'inlineStr') {
    const is = IS.exec(inner);
    return is ? itemText(is[1]!) : null;
  }
  const v = V.exec(inner)?.[1];
  if (v === undefined) return null;
  switch (type) {
    case 's':
      return look.strings[Number(v)] ?? '';
    case 'str':
      return text(v);
    case 'b':
      return v.trim() === '1' || v.trim() === 'true';
    case 'e':
      return null;
    case 'd':
      return new Date(v);
  }
  const n = Number(v);
  if (v.trim() === '' || Number.isNaN(n)) return text(v);
  if (!look.dates[Number(attr(attrs, 's') ?? 0)]) return n;
  // Serial days since 1899-12-30 (1904-01-01 for a 1904 workbook), as exceljs converts them.
  return new Date(Math.round((n - 25569 + (look.date1904 ? 1462 : 0)) * 86_400_000));
}

/**
 * Calls `row` for each complete `<row>` of a worksheet's text and returns where the unread text
 * starts: only a row not yet complete is kept for the next chunk. Values are in a sparse array
 * indexed by column (1 is A), as exceljs' row.values.
 */
export function rowsIn(
  look: SheetLook,
  s: string,
  state: { last: number },
  row: (number: number, values: unknown[]) => void,
): number {
  ROW.lastIndex = 0;
  let end = 0;
  for (let m; (m = ROW.exec(s)); end = ROW.lastIndex) {
    const r = Number(attr(m[1]!, 'r'));
    state.last = Number.isSafeInteger(r) && r > 0 ? r : state.last + 1;
    const values: unknown[] = [];
    let col = 0;
    CELL.lastIndex = 0;
    for (let c; m[2] !== undefined && (c = CELL.exec(m[2]));) {
      const ref = attr(c[1]!, 'r');
      col = ref ? columnOf(ref) || col + 1 : col + 1;
      const value = cellValue(look, c[1]!, c[2] ?? '');
      if (value !== null) values[col] = value;
    }
    row(state.last, values);
  }
  // Nothing but an unfinished row is worth keeping (what comes before the rows is skipped).
  ROW_START.lastIndex = end;
  const open = ROW_START.exec(s);
  return open ? open.index : Math.max(end, s.length - 16);
}
