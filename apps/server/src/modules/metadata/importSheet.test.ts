import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An xlsx whose first sheet holds `rows` (a later sheet is there to be ignored). */
async function sheet(rows: (string | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Options');
  rows.forEach((r, i) => r.forEach((c, j) => c !== null && (ws.getCell(i + 1, j + 1).value = c)));
  wb.addWorksheet('Notes').getCell(1, 1).value = 'Not an option';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const vocabulary = async (name: string, kind: 'list' | 'tree') =>
  (await admin.post(`/api/ops/brand/${brand.id}/metadata/vocabularies`, { name, kind })).json().id as number;
const importSheet = (id: number, data: Buffer, as = admin) =>
  as.form(
    'POST',
    `/api/ops/metadata/vocabulary/${id}/import`,
    multipart({}, [{ field: 'sheet', name: 'options.xlsx', type: XLSX, data }]),
  );
const labels = async (id: number) =>
  (
    (await admin.get(`/api/ops/metadata/vocabulary/${id}/options`)).json().items as {
      label_en: string;
      depth: number;
    }[]
  ).map((o) => `${'-'.repeat(o.depth)}${o.label_en}`);

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Sheet Co');
});
afterAll(() => t.close());

describe('importing options from an xlsx sheet', () => {
  it('reads a list from column A and reports the blank rows', async () => {
    const id = await vocabulary('Campaigns', 'list');
    const data = await sheet([['Spring sale', 'ignored note'], ['Black Friday'], [null, 'only B'], ['Spring sale']]);
    const r = await importSheet(id, data);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ added: 2, kept: 0, skipped: [{ row: 3, reason: 'blank' }] });
    expect(await labels(id)).toEqual(['Spring sale', 'Black Friday']);
  });

  it('reads a tree as paths or one level a column, a blank leading cell continuing the row above', async () => {
    const id = await vocabulary('Regions', 'tree');
    const data = await sheet([
      ['Region › Europe › Spain'],
      ['Region', 'Europe', 'France'],
      [null, 'Asia', 'Japan'],
      [null, null, 'Korea'],
      ['Region', null, 'Gap'],
      ['Other'],
      ['x'.repeat(121)],
    ]);
    const r = await importSheet(id, data);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      added: 8,
      kept: 0,
      skipped: [
        { row: 5, reason: 'gap' },
        { row: 7, reason: 'tooLong' },
      ],
    });
    expect(await labels(id)).toEqual([
      'Region',
      '-Europe',
      '--Spain',
      '--France',
      '-Asia',
      '--Japan',
      '--Korea',
      'Other',
    ]);
    // Pasted text still works and meets the sheet's options.
    const again = await admin.post(`/api/ops/metadata/vocabulary/${id}/import`, { text: 'Region › Asia › Japan' });
    expect(again.json()).toMatchObject({ added: 0, kept: 3 });
  });

  it('answers 422 on a file that is not a spreadsheet, in English and Spanish, adding nothing', async () => {
    const id = await vocabulary('Broken', 'list');
    const en = await importSheet(id, Buffer.from('Region,Europe\n'));
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.sheet).toMatch(/Spreadsheet must be an xlsx/);
    const spanish = (await makeUser(t, admin, { lang: 'es', roles: ['manager'], brands: [brand.id] })).client;
    const es = await importSheet(id, Buffer.from('nope'), spanish);
    expect(es.statusCode).toBe(422);
    expect(es.json().error.fields.sheet).toMatch(/Hoja de cálculo debe ser/);
    expect(await labels(id)).toEqual([]);
  });
});
