import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { save, xlsxParts, zipOf } from '../reports.fixtures.js';
import { workbookFirst } from './entryOrder.js';
import { readMetaRows, sheetRows } from './reader.js';

/** A workbook whose zip holds its worksheets and shared strings before xl/workbook.xml. */
async function workbookLast() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Assets').addRows([
    ['ID', 'Name'],
    [7, 'sunrise.jpg'],
  ]);
  wb.addWorksheet('Meta').addRows([
    ['brand', '3'],
    ['signature', 'abc'],
  ]);
  const parts = (await xlsxParts(await save(wb))).filter((p) => !p.name.endsWith('/'));
  const late = (n: string) => n === 'xl/workbook.xml' || n === 'xl/_rels/workbook.xml.rels';
  return zipOf([
    ...parts.filter((p) => !late(p.name) && p.name !== 'xl/sharedStrings.xml' && !p.name.startsWith('xl/worksheets')),
    ...parts.filter((p) => p.name === 'xl/sharedStrings.xml'),
    ...parts.filter((p) => late(p.name) && p.name.endsWith('.rels')),
    ...parts.filter((p) => p.name.startsWith('xl/worksheets')),
    ...parts.filter((p) => p.name === 'xl/workbook.xml'),
  ]);
}

describe('reading a workbook whose parts come in any order', () => {
  it('puts the workbook first, so the streaming reader knows each sheet by its name', async () => {
    const file = await workbookLast();
    // What the reader did with such a file before: it could not name the sheets.
    const raw = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), { worksheets: 'emit' });
    await expect(
      (async () => {
        for await (const ws of raw) for await (const _ of ws) void _;
      })(),
    ).rejects.toThrow(/sheets/);

    expect(await readMetaRows(file)).toEqual([
      ['brand', '3'],
      ['signature', 'abc'],
    ]);
    const rows = [];
    for await (const batch of sheetRows(file, { main: true })) rows.push(...batch);
    expect(rows.map((r) => r.cells)).toEqual([
      ['ID', 'Name'],
      ['7', 'sunrise.jpg'],
    ]);
  });

  it('leaves a workbook already in that order as it is', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Assets').addRow(['ID']);
    const parts = (await xlsxParts(await save(wb))).filter((p) => !p.name.endsWith('/'));
    const first = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'];
    const rank = (n: string) => [...first, 'xl/styles.xml', 'xl/sharedStrings.xml'].indexOf(n);
    const inOrder = await zipOf(
      [...parts].sort((a, b) => (rank(a.name) === -1 ? 99 : rank(a.name)) - (rank(b.name) === -1 ? 99 : rank(b.name))),
    );
    expect(await workbookFirst(inOrder)).toBe(inOrder);
  });
});
