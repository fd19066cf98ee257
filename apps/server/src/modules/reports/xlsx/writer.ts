import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PRODUCT_NAME } from '@brandvault/contract';
import { escapeCell } from './cells.js';
import { LISTS_SHEET, META_SHEET } from './meta.js';

export type Cell = string | number | null;

export interface SheetColumn {
  key: string;
  header: string;
  width: number;
  /** Shaded: what the sheet shows but an import does not change. */
  readOnly?: boolean;
  hidden?: boolean;
  /** The name of a list of `lists`: the column accepts only its values. */
  list?: string;
  /** A prompt shown on the column's cells (e.g. "separate with ;"). */
  prompt?: string;
}

export interface WorkbookSpec {
  sheet: string;
  columns: SheetColumn[];
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>;
  lists?: Record<string, readonly string[]>;
  /** The hidden Meta sheet's rows, asked for once every row is written. */
  meta?: () => Cell[][];
  /** The error a list's cell shows for another value. */
  listError?: { title: string; message: string };
}

const SHADE = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } } as const;
const HEAD = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1C7ED6' } } as const;
/** The largest text a cell holds (Excel's limit is 32,767 characters). */
export const CELL_MAX = 32_000;

const colName = (i: number) => {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};
const value = (v: Cell) => (typeof v === 'string' ? escapeCell(v.slice(0, CELL_MAX)) : v);

/**
 * Writes an xlsx with the streaming writer (rows are flushed as they come, so 50,000 of them take
 * little memory): a main sheet with a bold header, frozen, read-only columns shaded and list
 * columns validated against a hidden Lists sheet; then the hidden Meta sheet. Every cell is a
 * value (cells.ts). Answers the file and its number of data rows.
 */
export async function writeWorkbook(spec: WorkbookSpec): Promise<{ data: Buffer; rows: number }> {
  // Loaded here: exceljs is large, and most processes never write a sheet.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const collected = buffer(out);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = PRODUCT_NAME;
  wb.created = new Date();

  const ws = wb.addWorksheet(spec.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = spec.columns.map((c) => ({ key: c.key, width: c.width, hidden: c.hidden ?? false }));
  const head = ws.addRow(spec.columns.map((c) => c.header));
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  head.eachCell((cell) => (cell.fill = HEAD));
  head.commit();
  const shaded = spec.columns.flatMap((c, i) => (c.readOnly ? [i + 1] : []));
  let rows = 0;
  for await (const r of spec.rows) {
    const row = ws.addRow(r.map(value));
    for (const i of shaded) row.getCell(i).fill = SHADE;
    row.commit();
    rows++;
  }

  const lists = Object.entries(spec.lists ?? {});
  const last = Math.max(rows + 1, 2);
  // Not in exceljs' types, but its writer renders them (a range per column).
  const validations = (ws as unknown as { dataValidations: { add(range: string, v: object): void } }).dataValidations;
  spec.columns.forEach((c, i) => {
    const range = `${colName(i)}2:${colName(i)}${last}`;
    const at = lists.findIndex(([name]) => name === c.list);
    if (at >= 0) {
      const col = colName(at);
      validations.add(range, {
        type: 'list',
        allowBlank: true,
        formulae: [`${LISTS_SHEET}!$${col}$1:$${col}$${Math.max(lists[at]![1].length, 1)}`],
        showErrorMessage: true,
        errorStyle: 'stop',
        ...(spec.listError ? { errorTitle: spec.listError.title, error: spec.listError.message } : {}),
      });
    } else if (c.prompt) {
      validations.add(range, { type: 'any', showInputMessage: true, prompt: c.prompt });
    }
  });
  ws.commit();

  if (lists.length) {
    const ls = wb.addWorksheet(LISTS_SHEET, { state: 'hidden' });
    const longest = Math.max(...lists.map(([, v]) => v.length));
    for (let i = 0; i < longest; i++) ls.addRow(lists.map(([, v]) => value(v[i] ?? null))).commit();
    ls.commit();
  }
  if (spec.meta) {
    const ms = wb.addWorksheet(META_SHEET, { state: 'hidden' });
    for (const r of spec.meta()) ms.addRow(r.map(value)).commit();
    ms.commit();
  }
  await wb.commit();
  return { data: await collected, rows };
}
