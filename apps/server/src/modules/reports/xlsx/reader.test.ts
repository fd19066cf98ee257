import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { save, xlsxParts, zipOf } from '../reports.fixtures.js';
import { readMetaRows, sheetRows } from './reader.js';
import { checkXlsx } from './zipCheck.js';

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
  it('reads each sheet by the workbook’s list, wherever the zip puts the workbook', async () => {
    const file = await workbookLast();
    expect(await readMetaRows(file)).toEqual([
      ['brand', '3'],
      ['signature', 'abc'],
    ]);
    const rows = [];
    for await (const batch of sheetRows(file)) rows.push(...batch);
    expect(rows.map((r) => r.cells)).toEqual([
      ['ID', 'Name'],
      ['7', 'sunrise.jpg'],
    ]);
  });

  it('finds sheets by the workbook and its relationships, however a program named and placed them', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Assets').addRows([
      ['ID', 'Name', 'Shot'],
      [7, 'sunrise.jpg', new Date(Date.UTC(2024, 0, 2))],
    ]);
    const meta = wb.addWorksheet('Meta');
    meta.state = 'hidden';
    meta.addRows([['signature', 'abc']]);
    const parts = (await xlsxParts(await save(wb))).filter((p) => !p.name.endsWith('/'));
    // Other names and folders, targets absolute or relative, prefixed elements, Meta zipped first.
    const moved: Record<string, string> = {
      'xl/worksheets/sheet1.xml': 'xl/worksheets/assets.xml',
      'xl/worksheets/sheet2.xml': 'xl/other/meta.xml',
      'xl/sharedStrings.xml': 'xl/strings.xml',
    };
    const edit = (name: string, data: Buffer) => {
      let text = data.toString();
      if (name === 'xl/_rels/workbook.xml.rels')
        text = text
          .replace('"worksheets/sheet1.xml"', '"/xl/worksheets/assets.xml"')
          .replace('"worksheets/sheet2.xml"', '"other/../other/meta.xml"')
          .replace('"sharedStrings.xml"', '"/xl/strings.xml"');
      else if (name === 'xl/workbook.xml')
        text = text
          .replace(/<(\/?)(workbook|sheets|sheet|workbookPr|bookViews|workbookView|calcPr|definedNames)\b/g, '<$1x:$2')
          .replace(
            'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
            'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
          );
      else return data;
      return Buffer.from(text);
    };
    const renamed = parts.map((p) => ({ name: moved[p.name] ?? p.name, data: edit(p.name, p.data) }));
    const file = await zipOf([
      ...renamed.filter((p) => p.name === 'xl/other/meta.xml'),
      ...renamed.filter((p) => p.name !== 'xl/other/meta.xml'),
    ]);
    await checkXlsx('t.xlsx', file);
    expect(await readMetaRows(file)).toEqual([['signature', 'abc']]);
    const rows = [];
    for await (const batch of sheetRows(file)) rows.push(...batch);
    // A date cell reads as the date it shows, not as its serial number.
    expect(rows.map((r) => r.cells)).toEqual([
      ['ID', 'Name', 'Shot'],
      ['7', 'sunrise.jpg', '2024-01-02'],
    ]);
  });
});
