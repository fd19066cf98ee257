import ExcelJS from 'exceljs';
import { ZipFile } from 'yazl';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { multipart } from '../../../test/harness.js';
import type { Client } from '../../../test/harness.js';

/** Test helpers: templates read, edited and re-saved with exceljs, as a spreadsheet user would. */
export async function load(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb;
}
export const save = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** The sheet row (1-based) whose hidden id column holds `id`. */
export function rowOf(ws: ExcelJS.Worksheet, id: number) {
  for (let r = 2; r <= ws.rowCount; r++) if (Number(ws.getCell(r, 1).value) === id) return ws.getRow(r);
  throw new Error(`no row for ${id}`);
}
/** The column (1-based) whose header is `header`. */
export function colOf(ws: ExcelJS.Worksheet, header: string) {
  const row = ws.getRow(1);
  for (let c = 1; c <= row.cellCount; c++) if (row.getCell(c).value === header) return c;
  throw new Error(`no column ${header}`);
}

export const upload = (
  c: Client,
  kind: 'asset' | 'user',
  data: Buffer,
  name = 'template.xlsx',
  type = 'application/octet-stream',
) =>
  c.form('POST', `/api/ops/report/update/${kind}/template`, multipart({}, [{ field: 'template', name, type, data }]));

/** Waits until an import leaves `state` (a job is working on it). */
export async function settled(c: Client, id: number, state: string) {
  for (let i = 0; i < 400; i++) {
    const r = (await c.get(`/api/ops/report/import/${id}`)).json();
    if (r.state !== state) return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`import ${id} stayed ${state}`);
}

/** A zip of the given entries (stored or deflated), for hostile files. */
export async function zipOf(entries: { name: string; data: Buffer }[], compress = true) {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress });
  zip.end();
  return buffer(zip.outputStream as Readable);
}

/** The parts of a real xlsx, with `change` applied (to make an xlsm, add a macro part). */
export async function xlsxParts(data: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const { default: yauzl } = await import('yauzl');
  return new Promise((resolve, reject) => {
    const out: { name: string; data: Buffer }[] = [];
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (e) => {
        zip.openReadStream(e, async (er, s) => {
          if (er || !s) return reject(er);
          out.push({ name: e.fileName, data: await buffer(s) });
          zip.readEntry();
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}
