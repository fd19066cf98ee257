import { DOCUMENT_LIMITS, DocumentRefused, PageCollector, xmlUnescape } from './documentPages.js';
import type { DocumentText } from './documents.js';
import { attributeTree, relationships } from './officeXml.js';
import type { XmlNode } from './officeXml.js';
import type { OfficeZip } from './officeZip.js';

/*
 * Worksheets and shared strings can hold hundreds of thousands of cells: they are scanned with
 * patterns over the part's text rather than built into a tree, which would take many times the
 * part's size in memory. Their grammar is flat enough (rows of cells of values) for that.
 */
const SI = /<(?:\w+:)?si\b[^>]*>([\s\S]*?)<\/(?:\w+:)?si>/g;
const T = /<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g;
/** Phonetic guides (furigana) repeat a string's reading: not part of its text. */
const RPH = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g;
const ROW = /<(?:\w+:)?row\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const TYPE = /\bt="(\w+)"/;
const VALUE = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/;

/** Spreadsheet string escapes: `_x000D_` is a carriage return written into the XML. */
const unescapeCell = (s: string) =>
  xmlUnescape(s).replace(/_x([0-9a-f]{4})_/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The runs of a string item (`<si>` or an inline `<is>`), joined. */
function runs(xml: string): string {
  let text = '';
  for (const m of xml.replace(RPH, '').matchAll(T)) text += m[1] ?? '';
  return unescapeCell(text);
}

async function sharedStrings(zip: OfficeZip, rels: Map<string, string>): Promise<string[]> {
  const part = [...rels.values()].find((p) => /sharedStrings\.xml$/i.test(p)) ?? 'xl/sharedStrings.xml';
  const xml = await zip.text(part);
  return xml ? [...xml.matchAll(SI)].map((m) => runs(m[1] ?? '')) : [];
}

/** One cell's shown value: a shared or inline string, a formula's cached result, a number as written. */
function cellValue(attrs: string, inner: string, strings: string[]): string {
  const type = TYPE.exec(attrs)?.[1];
  if (type === 'inlineStr') return runs(inner);
  const v = VALUE.exec(inner)?.[1];
  if (v === undefined) return '';
  if (type === 's') return strings[Number(v)] ?? '';
  if (type === 'b') return v === '1' ? 'TRUE' : 'FALSE';
  return unescapeCell(v);
}

interface Sheet {
  name: string;
  part: string;
}

async function sheets(zip: OfficeZip): Promise<{ list: Sheet[]; rels: Map<string, string> }> {
  const main = 'xl/workbook.xml';
  const xml = await zip.text(main);
  if (!xml) throw new DocumentRefused('failed', 'unreadable: no xl/workbook.xml');
  const doc = attributeTree<{ workbook?: { sheets?: { sheet?: XmlNode[] } } }>(xml, main);
  const rels = await relationships(zip, main);
  const list: Sheet[] = [];
  for (const s of doc.workbook?.sheets?.sheet ?? []) {
    const part = rels.get(String(s['@_id']));
    // Chart sheets and dialog sheets hold no cells.
    if (part && /worksheets\//i.test(part) && zip.has(part)) list.push({ name: String(s['@_name'] ?? ''), part });
  }
  return { list, rels };
}

/**
 * A workbook's text, a page per worksheet in tab order: the sheet's name, then its rows, cells
 * joined by tabs. At most `cells` cells over the workbook; formulas are not evaluated (their
 * cached results are what Excel shows) and macros are never read.
 */
export async function sheetsText(zip: OfficeZip, deadline: number): Promise<DocumentText> {
  const { list, rels } = await sheets(zip);
  const strings = await sharedStrings(zip, rels);
  const out = new PageCollector();
  const last = Math.min(list.length, DOCUMENT_LIMITS.pages);
  if (list.length > last) out.note(`read the first ${last} of ${list.length} sheets`);
  let cells = 0;
  for (let i = 0; i < last; i++) {
    if (Date.now() > deadline) {
      out.note(`stopped at sheet ${i + 1} of ${list.length}: time limit`);
      break;
    }
    const { name, part } = list[i]!;
    const lines = [name];
    let capped = false;
    for (const row of ((await zip.text(part)) ?? '').matchAll(ROW)) {
      const values: string[] = [];
      for (const c of (row[1] ?? '').matchAll(CELL)) {
        const v = cellValue(c[1] ?? '', c[2] ?? '', strings).trim();
        if (v) values.push(v);
        if (++cells >= DOCUMENT_LIMITS.cells) {
          capped = true;
          break;
        }
      }
      if (values.length) lines.push(values.join('\t'));
      if (capped) break;
    }
    if (!out.add(i + 1, lines.join('\n'))) break;
    if (capped) {
      out.note(`read the first ${DOCUMENT_LIMITS.cells.toLocaleString('en')} cells`);
      break;
    }
  }
  return out.result();
}
