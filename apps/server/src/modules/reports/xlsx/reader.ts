import { Readable } from 'node:stream';
import { TEMPLATE_MAX_COLUMNS, TEMPLATE_MAX_ROWS } from '@brandvault/contract';
import { cellText } from './cells.js';
import { excelShaped } from './entryOrder.js';
import { LISTS_SHEET, META_SHEET } from './meta.js';

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

/**
 * Reads an xlsx that passed checkXlsx with exceljs' streaming reader, so 50,000 rows never sit in
 * memory at once (whichever program saved it: excelShaped finds its sheets by content first): the main sheet (the first that is neither Lists nor Meta) comes out `batch` rows
 * at a time, the header in the first batch, unless `main` is false; the Meta sheet's rows are
 * pushed into `meta` (it follows the main sheet, so it is complete once the generator ends).
 * Formulas give their cached values and are never evaluated. Refuses more than TEMPLATE_MAX_ROWS
 * data rows or TEMPLATE_MAX_COLUMNS columns while reading.
 */
export async function* sheetRows(
  data: Buffer,
  opts: { main: boolean; meta?: string[][]; batch?: number },
): AsyncGenerator<SheetRow[]> {
  // Loaded here: exceljs is large, and most processes never read a sheet.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([await excelShaped(data)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles say which numbers are dates (a date typed in a text column reads as that date).
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const size = opts.batch ?? 1000;
  let seenMain = false;
  for await (const ws of reader) {
    const name = (ws as unknown as { name: string }).name;
    const isMeta = name === META_SHEET;
    const isMain = !isMeta && name !== LISTS_SHEET && !seenMain;
    if (isMain) seenMain = true;
    let count = 0;
    let pending: SheetRow[] = [];
    for await (const row of ws) {
      // The Meta sheet has a row per data row and a few of its own.
      if (++count > TEMPLATE_MAX_ROWS + (isMain ? 1 : 10)) throw new SheetTooLarge('rows');
      const values = row.values as unknown[];
      if (values.length - 1 > TEMPLATE_MAX_COLUMNS) throw new SheetTooLarge('columns');
      if (!(isMeta && opts.meta) && !(isMain && opts.main)) continue;
      const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => cellText(values[i + 1]));
      if (isMeta) opts.meta!.push(cells);
      else {
        pending.push({ number: row.number, cells });
        if (pending.length >= size) {
          yield pending;
          pending = [];
        }
      }
    }
    if (pending.length) yield pending;
  }
}

/** Reads the Meta sheet alone (the main sheet's rows are counted, not kept). */
export async function readMetaRows(data: Buffer): Promise<string[][]> {
  const meta: string[][] = [];
  for await (const _ of sheetRows(data, { main: false, meta })) void _;
  return meta;
}
