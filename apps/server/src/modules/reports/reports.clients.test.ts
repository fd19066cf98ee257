import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePass } from '../../../test/dialect.js';
import {
  adminClient,
  assetRow,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { seedSystemOptions } from '../../../test/systemOptions.js';
import { colOf, load, rowOf, save, settled, upload } from './reports.fixtures.js';

/**
 * Templates saved again by the spreadsheet programs people use (Debian's python3-openpyxl and
 * libreoffice-calc-nogui): each writes the package its own way, and the import must read it by
 * its content. Without a program its test is skipped with a warning, and fails on CI.
 */
const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';
const hasOpenpyxl = spawnSync(PYTHON, ['-c', 'import openpyxl'], { stdio: 'ignore' }).status === 0;
const hasSoffice = spawnSync('sh', ['-c', 'command -v soffice'], { stdio: 'ignore' }).status === 0;

function needs(program: string, present: boolean) {
  if (present) return it;
  const why = `${program} is not installed (Debian package ${program === 'openpyxl' ? 'python3-openpyxl' : 'libreoffice-calc-nogui'})`;
  if (process.env.CI) return (title: string) => it(title, () => expect.fail(`${why}: CI must install it`));
  console.warn(`SKIPPED: ${why}; templates written by it are not tested`);
  return it.skip;
}

let t: TestApp;
let admin: Client;
let member: Client;
let shots: number;
let dir: string;
const ids: Record<string, number> = {};

const OPENPYXL_EDIT = `
import sys, datetime, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb['Assets']
col = {c.value: c.column for c in ws[1]}
for i in range(3, len(sys.argv), 3):
    value = sys.argv[i + 2]
    if value.startswith('date:'):
        value = datetime.date.fromisoformat(value[5:])
    for row in ws.iter_rows(min_row=2):
        if row[0].value == int(sys.argv[i]):
            ws.cell(row=row[0].row, column=col[sys.argv[i + 1]]).value = value
wb.save(sys.argv[2])
`;
/** The file re-saved by openpyxl, with cells set by asset id and header (`date:` values as dates). */
async function viaOpenpyxl(file: Buffer, edits: [number, string, string][] = []) {
  const [a, b] = [join(dir, `py-in-${Date.now()}.xlsx`), join(dir, `py-out-${Date.now()}.xlsx`)];
  await writeFile(a, file);
  await run(PYTHON, ['-c', OPENPYXL_EDIT, a, b, ...edits.flat().map(String)], { timeout: 60_000 });
  return readFile(b);
}

/** The file opened and saved as xlsx by LibreOffice Calc, with a profile of its own. */
async function viaLibreOffice(file: Buffer) {
  const a = join(dir, 'lo-in.xlsx');
  const out = join(dir, 'lo-out');
  await writeFile(a, file);
  const profile = `file://${join(dir, 'lo-profile')}`;
  await run('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'xlsx', '--outdir', out, a], {
    timeout: 120_000,
    env: { ...process.env, HOME: dir },
  });
  return readFile(join(out, 'lo-in.xlsx'));
}

/** What the preview of an uploaded file says, row by row. */
async function preview(file: Buffer) {
  const up = await upload(member, 'asset', file);
  expect(up.statusCode).toBe(202);
  const imp = await settled(member, up.json().import.id, 'previewing');
  const rows = (await member.get(`/api/ops/report/import/${imp.id}/rows?per_page=50`)).json().items as {
    target_id: number;
    outcome: string;
    changes: unknown;
    reason: string | null;
  }[];
  const byTarget = rows
    .map((r) => ({ target_id: r.target_id, outcome: r.outcome, changes: r.changes, reason: r.reason }))
    .sort((x, y) => x.target_id - y.target_id);
  return { imp, rows: byTarget };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bv-clients-'));
  t = await startApp();
  admin = await adminClient(t);
  const brand = await makeBrand(admin, 'Resaved Co');
  shots = await makeFolder(admin, brand.id, 'Shots', brand.root);
  await seedSystemOptions(admin, brand.id, 'language', ['Bold', 'Minimal']);
  await insertAssets(t.built.handle.db, [
    assetRow(brand.id, shots, 'sun', { language: 'Minimal' }),
    assetRow(brand.id, shots, 'sea'),
    assetRow(brand.id, shots, 'moon'),
  ]);
  for (const k of ['sun', 'sea', 'moon'])
    ids[k] = (
      await t.built.handle.db.selectFrom('assets').select('id').where('name', '=', `${k}.jpg`).executeTakeFirstOrThrow()
    ).id;
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An export edited the way the other template tests edit it, and what its preview says. */
async function editedExport() {
  const exported = await member.post('/api/ops/report/get/asset/template', { folder_ids: [shots] });
  expect(exported.statusCode).toBe(200);
  const wb = await load(exported.rawPayload);
  const ws = wb.getWorksheet('Assets')!;
  rowOf(ws, ids.sun!).getCell(colOf(ws, 'Description')).value = 'Morning sun';
  rowOf(ws, ids.sea!).getCell(colOf(ws, 'Visibility')).value = 'PRIVATE';
  rowOf(ws, ids.moon!).getCell(colOf(ws, 'Keywords')).value = 'night; full moon';
  const edited = await save(wb);
  const expected = await preview(edited);
  expect(expected.imp).toMatchObject({ state: 'ready', counts: { change: 3, refused: 0, unchanged: 0 } });
  return { original: exported.rawPayload, edited, expected: expected.rows };
}

describe.skipIf(!onePass)('templates saved again by other spreadsheet programs', () => {
  needs('openpyxl', hasOpenpyxl)(
    'reads a file re-saved and edited by openpyxl by its content, with no false tamper message',
    async () => {
      const { original, edited, expected } = await editedExport();
      // openpyxl refers to its parts by absolute paths and writes inline strings.
      const resaved = await viaOpenpyxl(edited);
      const got = await preview(resaved);
      expect(got.imp.error ?? null).toBeNull();
      expect(got.imp.state).toBe('ready');
      expect(got.rows).toEqual(expected);

      // Edits made in openpyxl itself are seen, and only those; a date reads as the day it shows.
      const own = await preview(
        await viaOpenpyxl(original, [
          [ids.moon!, 'Author', 'Ana Ruiz'],
          [ids.sun!, 'Description', 'date:2024-01-02'],
        ]),
      );
      expect(own.imp).toMatchObject({ state: 'ready', counts: { change: 2, unchanged: 1 } });
      expect(own.rows.find((r) => r.target_id === ids.moon)).toMatchObject({
        outcome: 'change',
        changes: [{ field: 'author', before: '', after: 'Ana Ruiz' }],
      });
      expect(own.rows.find((r) => r.target_id === ids.sun)).toMatchObject({
        outcome: 'change',
        changes: [{ field: 'description', after: '2024-01-02' }],
      });
    },
    120_000,
  );

  needs('LibreOffice', hasSoffice)(
    'reads a file re-saved by LibreOffice Calc with the same changes',
    async () => {
      const { edited, expected } = await editedExport();
      const got = await preview(await viaLibreOffice(edited));
      expect(got.imp.error ?? null).toBeNull();
      expect(got.imp.state).toBe('ready');
      expect(got.rows).toEqual(expected);
    },
    180_000,
  );
});
