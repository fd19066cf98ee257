import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { TEMPLATE_MAX_COLUMNS, TEMPLATE_MAX_ROWS } from '@brandvault/contract';
import { cellText } from './cells.js';
import { LISTS_SHEET, META_SHEET } from './meta.js';

export interface SheetRow {
  /** The row's number in the sheet (1 is the header). */
  number: number;
  cells: string[];
}
export interface ReadTemplate {
  /** The first sheet that is neither Lists nor Meta. */
  main: { name: string; rows: SheetRow[] } | null;
  meta: string[][];
}

export class SheetTooLarge extends Error {
  constructor(readonly what: 'rows' | 'columns') {
    super(`sheet has too many ${what}`);
  }
}

/**
 * Reads an xlsx that passed checkXlsx with exceljs' streaming reader: the main sheet's rows as
 * text (formulas give their cached values and are never evaluated) and the Meta sheet. Refuses
 * more than TEMPLATE_MAX_ROWS data rows or TEMPLATE_MAX_COLUMNS columns while reading.
 */
export async function readTemplate(data: Buffer): Promise<ReadTemplate> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let main: ReadTemplate['main'] = null;
  const meta: string[][] = [];
  for await (const ws of reader) {
    const name = (ws as unknown as { name: string }).name;
    const isMeta = name === META_SHEET;
    const keep = isMeta ? 'meta' : name !== LISTS_SHEET && !main ? 'main' : null;
    const rows: SheetRow[] = [];
    let count = 0;
    for await (const row of ws) {
      // The Meta sheet has a row per data row and a few of its own.
      if (++count > TEMPLATE_MAX_ROWS + 10) throw new SheetTooLarge('rows');
      const values = row.values as unknown[];
      if (values.length - 1 > TEMPLATE_MAX_COLUMNS) throw new SheetTooLarge('columns');
      if (!keep) continue;
      const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => cellText(values[i + 1]));
      if (keep === 'meta') meta.push(cells);
      else rows.push({ number: row.number, cells });
    }
    if (keep === 'main') {
      if (rows.length > TEMPLATE_MAX_ROWS + 1) throw new SheetTooLarge('rows');
      main = { name, rows };
    }
  }
  return { main, meta };
}
