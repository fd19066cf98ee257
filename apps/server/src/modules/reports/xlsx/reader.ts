import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { TEMPLATE_MAX_COLUMNS, TEMPLATE_MAX_ROWS } from '@brandvault/contract';
import { cellText } from './cells.js';
import { LISTS_SHEET, META_SHEET } from './meta.js';
import { readRelationships, resolveTarget, workbookParts } from './packageParts.js';
import { dateStyles, pieces, rowsIn, sharedStrings } from './sheetXml.js';
import type { SheetLook } from './sheetXml.js';

export interface SheetRow {
  /** The row's number in the sheet (1 is the header). */
  number: number;
  cells: string[];
}

export class SheetTooLarge extends Error {
  constructor(readonly what: 'rows' | 'columns') {
    super(`sheet has too many ${what}`);
  }
}

const open = (data: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => (err || !zip ? reject(err) : resolve(zip))),
  );

/** A workbook's zip with its entries by name, so each part is inflated on its own when asked. */
async function workbook(data: Buffer) {
  const zip = await open(data);
  const list = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: Entry) => {
      list.set(e.fileName, e);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  const stream = (name: string) =>
    new Promise<Readable>((resolve, reject) => {
      const e = list.get(name);
      if (!e) return reject(new Error(`no part ${name}`));
      zip.openReadStream(e, (err, s) => (err || !s ? reject(err) : resolve(s)));
    });
  const text = async (name: string) => (list.has(name) ? (await buffer(await stream(name))).toString('utf8') : null);
  return { zip, stream, text };
}

/**
 * The rows of one sheet of an xlsx that passed checkXlsx, `batch` at a time, read straight from
 * its zip entry as text (sheetXml.ts): the main sheet (the first in the workbook's order that is
 * neither Lists nor Meta), or the Meta sheet alone. Sheets are found by the workbook's list and
 * relationships, whichever program saved the file. Formulas give their cached values and are
 * never evaluated. Refuses more than TEMPLATE_MAX_ROWS data rows or TEMPLATE_MAX_COLUMNS columns.
 */
async function* rowsOf(data: Buffer, which: 'main' | 'meta', size: number): AsyncGenerator<SheetRow[]> {
  const wb = await workbook(data);
  try {
    const workbookXml = await wb.text('xl/workbook.xml');
    const relsXml = await wb.text('xl/_rels/workbook.xml.rels');
    if (workbookXml === null || relsXml === null) throw new Error('no workbook');
    const parts = workbookParts(workbookXml, relsXml);
    const sheet = parts.sheets.find((s) =>
      which === 'meta' ? s.name === META_SHEET : s.name !== META_SHEET && s.name !== LISTS_SHEET,
    );
    if (!sheet) return;
    const stylesRel = readRelationships(relsXml).find((r) => !r.external && r.type.endsWith('/styles'));
    const styles = await wb.text(stylesRel ? resolveTarget('xl', stylesRel.target) : 'xl/styles.xml');
    const look: SheetLook = {
      strings: parts.sharedStrings ? await sharedStrings(await wb.stream(parts.sharedStrings)) : [],
      dates: styles ? dateStyles(styles) : [],
      date1904: parts.date1904,
    };
    // The Meta sheet has a row per data row and a few of its own.
    const most = TEMPLATE_MAX_ROWS + (which === 'main' ? 1 : 10);
    let count = 0;
    let pending: SheetRow[] = [];
    const state = { last: 0 };
    const take = (number: number, values: unknown[]) => {
      if (++count > most) throw new SheetTooLarge('rows');
      const width = Math.max(values.length - 1, 0);
      if (width > TEMPLATE_MAX_COLUMNS) throw new SheetTooLarge('columns');
      const cells = new Array<string>(width);
      for (let i = 0; i < width; i++) cells[i] = cellText(values[i + 1]);
      pending.push({ number, cells });
    };
    // The generator pauses at each batch, so the entry is inflated only as fast as rows are used.
    for await (const _ of pieces(await wb.stream(sheet.path), (s) => rowsIn(look, s, state, take))) {
      if (pending.length < size) continue;
      yield pending;
      pending = [];
    }
    if (pending.length) yield pending;
  } finally {
    wb.zip.close();
  }
}

/** The main sheet's rows, the header in the first batch (default 1,000 rows a batch). */
export function sheetRows(data: Buffer, opts: { batch?: number } = {}): AsyncGenerator<SheetRow[]> {
  return rowsOf(data, 'main', opts.batch ?? 1000);
}

/** The Meta sheet's rows alone, read from its own entry: the main sheet's rows are never parsed. */
export async function readMetaRows(data: Buffer): Promise<string[][]> {
  const meta: string[][] = [];
  for await (const batch of rowsOf(data, 'meta', 5000)) for (const r of batch) meta.push(r.cells);
  return meta;
}
