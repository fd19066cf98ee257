import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  insertAssets,
  assetRow,
  makeBrand,
  makeFolder,
  makeUser,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { seedSystemOptions } from '../../../test/systemOptions.js';
import { makeRepos } from '../../repos.js';
import { verifyAuditChain } from '../audit/audit.verify.js';
import { reportKey } from './reportKey.js';
import { readMeta } from './xlsx/meta.js';
import { colOf, load, rowOf, save, settled, upload } from './reports.fixtures.js';

let t: TestApp;
let admin: Client;
let member: { client: Client; id: number; email: string };
let A: { id: number; root: number };
let B: { id: number; root: number };
let shots: number;
const ids: Record<string, number> = {};

async function idOf(name: string) {
  const r = await t.built.handle.db
    .selectFrom('assets')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return r.id;
}
const exportFolder = (c: Client, folder: number) =>
  c.post('/api/ops/report/get/asset/template', { folder_ids: [folder] });

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  A = await makeBrand(admin, 'Sheet Co');
  B = await makeBrand(admin, 'Other Co');
  shots = await makeFolder(admin, A.id, 'Shots', A.root);
  const night = await makeFolder(admin, A.id, 'Night', shots);
  await seedSystemOptions(admin, A.id, 'language', ['Bold', 'Minimal']);
  await insertAssets(t.built.handle.db, [
    assetRow(A.id, shots, 'sun', { language: 'Minimal' }),
    assetRow(A.id, shots, 'sea', { description: '=HYPERLINK("http://evil.test","click")' }),
    assetRow(A.id, night, 'moon'),
    assetRow(A.id, night, 'star', { language: 'Bold' }),
    assetRow(A.id, night, 'comet'),
    assetRow(B.id, B.root, 'theirs'),
  ]);
  for (const k of ['sun', 'sea', 'moon', 'star', 'comet', 'theirs']) ids[k] = await idOf(`${k}.jpg`);
  member = await makeUser(t, admin, { roles: ['member'], brands: [A.id, B.id] });
});
afterAll(() => t?.close());

describe('asset templates out', () => {
  it('exports a folder with its subfolders: hidden id, shaded facts, lists, a signed Meta sheet', async () => {
    const r = await exportFolder(member.client, shots);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.headers['content-disposition']).toMatch(/Sheet Co template/);
    const wb = await load(r.rawPayload);
    expect(wb.worksheets.map((w) => [w.name, w.state])).toEqual([
      ['Assets', 'visible'],
      ['Lists', 'hidden'],
      ['Meta', 'hidden'],
    ]);
    const ws = wb.getWorksheet('Assets')!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    expect(header).toEqual([
      'ID',
      'Path',
      'Type',
      'Size (bytes)',
      'Dimensions',
      'Created',
      'Name',
      'Description',
      'Keywords',
      'Categories',
      'Visual language',
      'Visibility',
      'Author',
      'Available from',
      'Available until',
      'Licences',
      'Consents',
    ]);
    expect(ws.getColumn(1).hidden).toBe(true);
    expect(ws.rowCount).toBe(6);
    const sea = rowOf(ws, ids.sea!);
    expect(sea.getCell(2).value).toBe('Sheet Co / Shots');
    expect((sea.getCell(2).fill as { fgColor?: { argb?: string } }).fgColor?.argb).toBe('FFE9ECEF');
    // Formula injection: the text is written as a value a spreadsheet will not evaluate.
    expect(sea.getCell(8).value).toBe('\'=HYPERLINK("http://evil.test","click")');
    expect(sea.getCell(8).formula).toBeUndefined();
    const lists = wb.getWorksheet('Lists')!;
    expect(lists.getColumn(1).values.slice(1)).toEqual(['Bold', 'Minimal']);
    expect(lists.getColumn(2).values.slice(1)).toEqual(['PUBLIC', 'PRIVATE']);
    const dv = (ws as unknown as { dataValidations: { model: Record<string, { type: string; formulae: string[] }> } })
      .dataValidations.model;
    expect(Object.values(dv).some((v) => v.type === 'list' && v.formulae[0] === 'Lists!$B$1:$B$2')).toBe(true);
    const metaRows = wb
      .getWorksheet('Meta')!
      .getSheetValues()
      .slice(1)
      .map((row) => ((row as unknown[]) ?? []).slice(1).map((v) => String(v ?? '')));
    const meta = readMeta(await reportKey(makeRepos(t.built.handle.db)), metaRows);
    expect(meta).toMatchObject({ kind: 'assets', brandId: A.id, exportedBy: member.id });
    expect([...meta!.versions.keys()].sort()).toEqual([ids.sun, ids.sea, ids.moon, ids.star, ids.comet].sort());
    // Altered, it no longer verifies.
    metaRows[8]![1] = 'forged';
    expect(readMeta(await reportKey(makeRepos(t.built.handle.db)), metaRows)).toBeNull();
  });

  it('speaks the caller’s language, takes one brand at a time, and refuses what it may not see', async () => {
    const es = (await makeUser(t, admin, { roles: ['member'], brands: [A.id], lang: 'es' })).client;
    const wb = await load((await exportFolder(es, shots)).rawPayload);
    expect(wb.getWorksheet('Assets')!.getCell('G1').value).toBe('Nombre');
    const mixed = await member.client.post('/api/ops/report/get/asset/template', { asset_ids: [ids.sun, ids.theirs] });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().error.fields.asset_ids).toMatch(/one brand/);
    const empty = await es.post('/api/ops/report/get/asset/template', {});
    expect(empty.json().error.fields.asset_ids).toMatch(/elige al menos/);
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [A.id] });
    expect((await exportFolder(guest.client, shots)).statusCode).toBe(403);
    const stranger = await makeUser(t, admin, { roles: ['member'], brands: [B.id] });
    expect((await exportFolder(stranger.client, shots)).statusCode).toBe(404);
    const search = await member.client.post('/api/ops/report/get/asset/template', {
      search: { folder_id: A.root, filters: { language: ['Bold'] } },
    });
    const found = (await load(search.rawPayload)).getWorksheet('Assets')!;
    expect(found.rowCount).toBe(2);
    expect(found.getCell('G2').value).toBe('star.jpg');
  });
});

describe('asset templates in', () => {
  it('previews changes and refusals, applies them once, audits each asset and mails the result', async () => {
    const wb = await load((await exportFolder(member.client, shots)).rawPayload);
    const ws = wb.getWorksheet('Assets')!;
    const col = (h: string) => colOf(ws, h);
    rowOf(ws, ids.sun!).getCell(col('Description')).value = 'Morning sun';
    rowOf(ws, ids.sun!).getCell(col('Keywords')).value = 'sun; morning ;sun';
    rowOf(ws, ids.sea!).getCell(col('Visibility')).value = 'PRIVATE';
    // A formula's cached value is used, never the formula.
    rowOf(ws, ids.moon!).getCell(col('Author')).value = {
      formula: 'CONCAT("Ana"," Ruiz")',
      result: 'Ana Ruiz',
    } as never;
    rowOf(ws, ids.star!).getCell(col('Name')).value = 'star';
    rowOf(ws, ids.comet!).getCell(col('Visibility')).value = 'SECRET';
    const extra = ws.addRow([]);
    extra.getCell(1).value = 999_999;
    extra.getCell(col('Name')).value = 'ghost.jpg';
    const other = ws.addRow([]);
    other.getCell(1).value = ids.theirs!;
    other.getCell(col('Name')).value = 'renamed.jpg';
    const file = await save(wb);

    // Someone else edits the sun after the export: its change is now a conflict.
    const concurrent = await admin.req('PUT', `/api/ops/asset/${ids.sun}/edit`, {
      author: undefined,
      keywords: ['noon'],
    });
    expect(concurrent.statusCode).toBe(200);

    const up = await upload(member.client, 'asset', file);
    expect(up.statusCode).toBe(202);
    expect(up.json().import).toMatchObject({ kind: 'assets', state: 'previewing' });
    const imp = await settled(member.client, up.json().import.id, 'previewing');
    expect(imp).toMatchObject({ state: 'ready', counts: { rows: 7, change: 2, refused: 5, unchanged: 0 } });
    const rows = (await member.client.get(`/api/ops/report/import/${imp.id}/rows?per_page=50`)).json().items;
    const byTarget = Object.fromEntries(rows.map((r: { target_id: number }) => [r.target_id, r]));
    expect(byTarget[ids.sun!]).toMatchObject({
      outcome: 'refused',
      reason: expect.stringMatching(/Changed by someone else/),
    });
    expect(byTarget[ids.sea!]).toMatchObject({
      outcome: 'change',
      changes: [{ field: 'visibility', before: 'PUBLIC', after: 'PRIVATE' }],
    });
    expect(byTarget[ids.moon!].changes).toEqual([{ field: 'author', before: '', after: 'Ana Ruiz' }]);
    expect(byTarget[ids.star!].reason).toMatch(/extension \(\.jpg\)/);
    expect(byTarget[ids.comet!].reason).toMatch(/"SECRET" is not one of the allowed values/);
    expect(byTarget[999_999].reason).toMatch(/No such asset/);
    expect(byTarget[ids.theirs!].reason).toMatch(/another brand/);
    // Nothing changed yet.
    expect((await member.client.get(`/api/ops/asset/${ids.sea}/view`)).json().asset.visibility).toBe('PUBLIC');

    const applied = await member.client.post(`/api/ops/report/import/${imp.id}/apply`, {});
    expect(applied.statusCode).toBe(202);
    const done = await settled(member.client, imp.id, 'scheduled').then((x) =>
      x.state === 'applying' ? settled(member.client, imp.id, 'applying') : x,
    );
    expect(done).toMatchObject({
      state: 'applied',
      result: { applied: 2, refused: 5, unchanged: 0 },
      has_result: true,
    });
    const sea = (await member.client.get(`/api/ops/asset/${ids.sea}/view`)).json().asset;
    expect(sea.visibility).toBe('PRIVATE');
    const audit = (await admin.get(`/api/ops/audit/all?event=asset.template_update&user_id=${member.id}`)).json();
    expect(audit.items.map((e: { target: { id: number } }) => e.target.id).sort()).toEqual([ids.sea, ids.moon].sort());
    // Written as a batch, the entries still chain.
    expect(await verifyAuditChain(makeRepos(t.built.handle.db))).toMatchObject({ ok: true });
    const mail = (await t.waitForMails(member.email)).at(-1)!;
    expect(mail.subject).toMatch(/applied/);
    expect(mail.attachments?.[0]).toMatchObject({ filename: 'template (result).xlsx' });
    const result = await load((await member.client.get(`/api/ops/report/import/${imp.id}/result`)).rawPayload);
    const rs = result.worksheets[0]!;
    expect(rs.getCell(1, rs.columnCount).value).toBe('Result');
    expect(String(rowOf(rs, ids.sea!).getCell(rs.columnCount).value)).toBe('Changed');

    // The same file again changes nothing.
    const again = await settled(
      member.client,
      (await upload(member.client, 'asset', file)).json().import.id,
      'previewing',
    );
    expect(again.counts).toMatchObject({ change: 0, unchanged: 2 });
  });

  it('refuses hostile files with 422 and schedules nothing', async () => {
    const before = (await member.client.get('/api/ops/report/import/list')).json().total;
    const good = (await exportFolder(member.client, shots)).rawPayload;
    const { xlsxParts, zipOf } = await import('./reports.fixtures.js');
    const parts = await xlsxParts(good);
    const macro = await zipOf([
      ...parts.map((p) =>
        p.name === '[Content_Types].xml'
          ? { ...p, data: Buffer.from(p.data.toString().replace('sheet.main+xml', 'sheet.macroEnabled.main+xml')) }
          : p,
      ),
      { name: 'xl/vbaProject.bin', data: Buffer.from('macro') },
    ]);
    const bomb = await zipOf([...parts, { name: 'xl/media/zeros.bin', data: Buffer.alloc(101 * 1024 * 1024) }]);
    const wide = new (await import('exceljs')).default.Workbook();
    wide.addWorksheet('Assets').addRow(Array.from({ length: 51 }, (_, i) => `c${i}`));
    const cases: [string, Buffer, string][] = [
      ['csv', Buffer.from('id,name\n1,a.jpg\n'), 'template.xlsx'],
      [
        'xls',
        Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]),
        'template.xlsx',
      ],
      ['xlsm', macro, 'template.xlsx'],
      ['bomb', bomb, 'template.xlsx'],
      ['wide', await save(wide), 'template.xlsx'],
      ['name', good, 'template.csv'],
    ];
    for (const [what, data, name] of cases) {
      const r = await upload(member.client, 'asset', data, name);
      expect(r.statusCode, what).toBe(422);
      expect(r.json().error.fields.template, what).toMatch(/xlsx spreadsheet/);
    }
    // Past 10 MB, a little or far (past the 20 MB every other form stops at): the same 422.
    for (const mb of [10, 25]) {
      const r = await upload(member.client, 'asset', Buffer.concat([good, Buffer.alloc(mb * 1024 * 1024)]), 'big.xlsx');
      expect(r.statusCode, `${mb} MB`).toBe(422);
      expect(r.json().error.fields.template).toMatch(/at most 10 MB/);
    }
    expect((await member.client.get('/api/ops/report/import/list')).json().total).toBe(before);
  }, 60_000);

  it('sends the template by e-mail in the recipient’s language, and limits repeated calls', async () => {
    const es = await makeUser(t, admin, { roles: ['member'], brands: [A.id], lang: 'es' });
    const r = await es.client.post('/api/ops/report/send/asset/template', { folder_ids: [shots] });
    expect(r.statusCode).toBe(202);
    const mail = (await t.waitForMails(es.email)).at(-1)!;
    expect(mail.subject).toMatch(/Tu informe/);
    expect(mail.attachments?.[0]?.filename).toMatch(/Sheet Co template .*\.xlsx/);
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await exportFolder(es.client, shots)).statusCode;
    expect(last).toBe(429);
  });
});
