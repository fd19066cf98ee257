import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { adminClient, makeBrand, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { uniquePng } from '../../../test/authzWorld.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let other: { id: number; root: number };

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Rights');
  other = await makeBrand(admin, 'Elsewhere');
});
afterAll(() => t.close());

const licences = (id: number) => `/api/ops/brand/${id}/licences`;
const consents = (id: number) => `/api/ops/brand/${id}/consents`;
const today = () => t.clock.now().toISOString().slice(0, 10);
const day = (n: number) => {
  const d = t.clock.now();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
async function upload(b: { id: number; root: number }) {
  const form = multipart({}, [{ field: 'files', name: 'photo.png', type: 'image/png', data: await uniquePng() }]);
  const r = await admin.form('POST', `/api/ops/asset/${b.id}/${b.root}/new`, form);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0].asset_id as number;
}
const audit = async (event: string) => (await admin.get(`/api/ops/audit/all?event=${event}`)).json().items;

describe('licences', () => {
  it('are created, listed with search and paging, changed and deleted by managers, and audited', async () => {
    const manager = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    const m = manager.client;
    const made = await m.post(licences(brand.id), {
      name: 'Stock Co. 2026',
      holder: 'Stock Co.',
      channels: ['web', 'Print'],
      territories: ['es', 'GB'],
      valid_from: '2026-01-01',
      valid_until: '2027-03-12',
      cost_reference: 'PO-1234',
      notes: 'Annual plan',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      name: 'Stock Co. 2026',
      channels: ['Web', 'Print'],
      territories: ['ES', 'GB'],
      valid_until: '2027-03-12',
      asset_count: 0,
      documents: [],
    });
    const id = made.json().id as number;
    for (const n of ['Agency A', 'Music bed', 'Agency B'])
      expect((await m.post(licences(brand.id), { name: n })).statusCode).toBe(201);

    const page = (await m.get(`${licences(brand.id)}?per_page=2&page=1`)).json();
    expect(page.total).toBe(4);
    expect(page.items.map((l: { name: string }) => l.name)).toEqual(['Agency A', 'Agency B']);
    const found = (await m.get(`${licences(brand.id)}?q=stock%20co`)).json();
    expect(found.items.map((l: { id: number }) => l.id)).toEqual([id]);
    expect((await m.get(`${licences(brand.id)}?q=annual`)).json().total).toBe(1);
    expect((await m.get(`${licences(brand.id)}?q=%25`)).json().total).toBe(0);
    // Another brand's list does not hold them.
    expect((await admin.get(licences(other.id))).json().total).toBe(0);

    const changed = await m.put(`/api/ops/licence/${id}`, {
      name: 'Stock Co. 2026',
      channels: ['Social'],
      territories: ['WW'],
      valid_until: '2027-06-30',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ channels: ['Social'], territories: ['WW'], holder: null });
    const [update] = await audit('rights.licence.update');
    expect(update.target).toMatchObject({ type: 'licence', id, label: 'Stock Co. 2026' });
    expect(update.changes.valid_until).toEqual({ before: '2027-03-12', after: '2027-06-30' });
    expect((await audit('rights.licence.create')).length).toBeGreaterThanOrEqual(4);

    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect((await member.client.get(licences(brand.id))).statusCode).toBe(403);
    const outsider = await makeUser(t, admin, { roles: ['manager'], brands: [other.id] });
    expect((await outsider.client.get(`/api/ops/licence/${id}`)).statusCode).toBe(404);

    const gone = await m.req('DELETE', `/api/ops/licence/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await m.get(`/api/ops/licence/${id}`)).statusCode).toBe(404);
    expect((await audit('rights.licence.delete'))[0].target).toMatchObject({ type: 'licence', id });
  });

  it('refuse bad input with field messages in the caller’s language', async () => {
    const bad = await admin.post(licences(brand.id), {
      name: '',
      channels: ['Cinema'],
      territories: ['XX'],
      valid_from: '2026-05-01',
      valid_until: '2026-04-01',
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().error.fields as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(['name', 'territories', 'valid_until']);
    expect(errors.valid_until).toMatch(/on or after/);
    expect(errors.territories).toMatch(/ISO 3166/);

    const channel = await admin.post(licences(brand.id), { name: 'Cinema rights', channels: ['Cinema'] });
    expect(channel.statusCode).toBe(422);
    expect(channel.json().error.fields.channels).toMatch(/not in the brand's list/);
    expect((await admin.post(licences(brand.id), { name: 'x'.repeat(256) })).statusCode).toBe(422);

    const es = await makeUser(t, admin, { lang: 'es', roles: ['manager'], brands: [brand.id] });
    const spanish = await es.client.post(consents(brand.id), { person: '  ', territories: ['ZZ'] });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json().error.fields.person).toBe('El campo Persona es obligatorio');
    expect(spanish.json().error.fields.territories).toMatch(/códigos de país/);
  });
});

describe('consents and documents', () => {
  it('keep documents, served back as attachments, and removed with their consent', async () => {
    const made = await admin.post(consents(brand.id), {
      person: 'Ana García',
      kind: 'model',
      signed_on: '2026-02-01',
      valid_until: '2028-02-01',
      channels: ['Web'],
      territories: ['ES'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const pdf = Buffer.from('%PDF-1.4 release');
    const form = multipart({}, [{ field: 'file', name: 'release ñ.pdf', type: 'application/pdf', data: pdf }]);
    const doc = await admin.form('POST', `/api/ops/consent/${id}/documents`, form);
    expect(doc.statusCode, doc.body).toBe(201);
    expect(doc.json()).toMatchObject({ name: 'release ñ.pdf', mime: 'application/pdf', size: pdf.length });
    expect((await admin.get(`/api/ops/consent/${id}`)).json().documents).toHaveLength(1);

    const back = await admin.get(`/api/ops/rights/document/${doc.json().id}`);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(pdf)).toBe(true);
    expect(back.headers['content-disposition']).toBe(
      `attachment; filename="release _.pdf"; filename*=UTF-8''release%20%C3%B1.pdf`,
    );
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect((await audit('rights.document.add'))[0].target).toMatchObject({ type: 'consent', id });

    const none = await admin.form('POST', `/api/ops/consent/${id}/documents`, multipart({ x: '1' }));
    expect(none.statusCode).toBe(422);

    const second = await admin.form('POST', `/api/ops/consent/${id}/documents`, form);
    const removed = await admin.req('DELETE', `/api/ops/rights/document/${second.json().id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await admin.get(`/api/ops/rights/document/${second.json().id}`)).statusCode).toBe(404);
    expect((await audit('rights.document.delete'))[0].target).toMatchObject({ type: 'consent', id });

    expect((await admin.req('DELETE', `/api/ops/consent/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/ops/rights/document/${doc.json().id}`)).statusCode).toBe(404);
  });

  it('export each list as an xlsx spreadsheet', async () => {
    await admin.post(consents(brand.id), { person: 'Export Person', kind: 'property', territories: ['FR'] });
    const r = await admin.get(`/api/ops/brand/${brand.id}/consents/export`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/consents\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Person');
    const people: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && people.push(row.getCell(1).value));
    expect(people).toContain('Export Person');
    const l = await admin.get(`/api/ops/brand/${brand.id}/licences/export`);
    expect(l.statusCode).toBe(200);
  });
});

describe('asset rights', () => {
  it('link licences and consents, set the window and compute availability', async () => {
    const asset = await upload(brand);
    const lic = (
      await admin.post(licences(brand.id), { name: 'Short licence', valid_until: day(10), channels: ['Web'] })
    ).json();
    const con = (await admin.post(consents(brand.id), { person: 'Model M', valid_until: day(100) })).json();
    const r = await admin.put(`/api/ops/asset/${asset}/rights`, {
      licence_ids: [lic.id],
      consent_ids: [con.id],
      available_from: null,
      available_until: day(200),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      availability: 'expiring',
      availability_date: day(10),
      availability_reason: { kind: 'licence', id: lic.id, name: 'Short licence' },
      available_until: day(200),
      licences: [{ id: lic.id, name: 'Short licence', channels: ['Web'] }],
      consents: [{ id: con.id, person: 'Model M' }],
    });
    const [entry] = await audit('rights.asset');
    expect(entry.target).toMatchObject({ type: 'asset', id: asset });
    expect(entry.changes.licences).toEqual({ before: [], after: ['Short licence'] });

    // A member sees the panel but cannot change it.
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const seen = await member.client.get(`/api/ops/asset/${asset}/rights`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().abilities).toEqual({ manage: false });
    expect(seen.json().consents).toMatchObject([{ person: 'Model M' }]);
    // A guest reads each release's scope, never whose it is.
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const forGuest = (await guest.client.get(`/api/ops/asset/${asset}/rights`)).json();
    expect(forGuest.consents).toEqual([
      { id: con.id, person: null, kind: 'model', channels: [], territories: ['WW'], valid_until: day(100) },
    ]);
    expect(JSON.stringify(forGuest)).not.toContain('Model M');
    expect(
      (
        await member.client.put(`/api/ops/asset/${asset}/rights`, {
          licence_ids: [],
          consent_ids: [],
          available_from: null,
          available_until: null,
        })
      ).statusCode,
    ).toBe(403);

    // Embargoed before its own start; a licence of another brand is refused.
    const embargo = await admin.put(`/api/ops/asset/${asset}/rights`, {
      licence_ids: [],
      consent_ids: [],
      available_from: day(5),
      available_until: null,
    });
    expect(embargo.json()).toMatchObject({ availability: 'embargoed', availability_date: day(5) });
    const foreign = (await admin.post(licences(other.id), { name: 'Foreign' })).json();
    const refused = await admin.put(`/api/ops/asset/${asset}/rights`, {
      licence_ids: [foreign.id],
      consent_ids: [],
      available_from: null,
      available_until: null,
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error.fields)).toEqual(['licence_ids']);
    const reversed = await admin.put(`/api/ops/asset/${asset}/rights`, {
      licence_ids: [],
      consent_ids: [],
      available_from: '2027-01-02',
      available_until: '2027-01-01',
    });
    expect(reversed.statusCode).toBe(422);
  });

  it('bulk link a licence, and deleting it recomputes its assets', async () => {
    const [a, b] = [await upload(brand), await upload(brand)];
    const lic = (await admin.post(licences(brand.id), { name: 'Expired deal', valid_until: '2020-01-01' })).json();
    const r = await admin.post(`/api/ops/licence/${lic.id}/assets`, { asset_ids: [a, b] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ linked: 2 });
    expect((await admin.post(`/api/ops/licence/${lic.id}/assets`, { asset_ids: [a] })).json()).toEqual({ linked: 0 });
    expect((await admin.get(`/api/ops/asset/${a}/rights`)).json()).toMatchObject({
      availability: 'expired',
      availability_date: '2020-01-01',
    });
    expect((await admin.get(`/api/ops/licence/${lic.id}`)).json().asset_count).toBe(2);
    expect((await audit('rights.licence.link'))[0].info).toMatchObject({ assets: 2 });

    const elsewhere = await upload(other);
    expect((await admin.post(`/api/ops/licence/${lic.id}/assets`, { asset_ids: [elsewhere] })).statusCode).toBe(422);

    const gone = await admin.req('DELETE', `/api/ops/licence/${lic.id}`);
    expect(gone.json()).toEqual({ deleted: true, recomputed: 2 });
    expect((await admin.get(`/api/ops/asset/${b}/rights`)).json()).toMatchObject({
      availability: 'available',
      availability_date: null,
      licences: [],
    });
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("show in the asset template's columns", async () => {
    const asset = await upload(brand);
    const lic = (await admin.post(licences(brand.id), { name: 'Template licence' })).json();
    const con = (await admin.post(consents(brand.id), { person: 'Template person' })).json();
    await admin.put(`/api/ops/asset/${asset}/rights`, {
      licence_ids: [lic.id],
      consent_ids: [con.id],
      available_from: '2026-01-01',
      available_until: '2030-12-31',
    });
    const file = await admin.post('/api/ops/report/get/asset/template', { asset_ids: [asset] });
    expect(file.statusCode, file.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Assets')!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    const cell = (name: string) => ws.getRow(2).getCell(header.indexOf(name) + 1).value;
    expect(cell('Available from')).toBe('2026-01-01');
    expect(cell('Available until')).toBe('2030-12-31');
    expect(cell('Licences')).toBe('Template licence');
    expect(cell('Consents')).toBe('Template person');
  });

  it('follow a renamed channel', async () => {
    const b = await makeBrand(admin, 'Renames');
    const lic = (await admin.post(licences(b.id), { name: 'Renamed', channels: ['Print', 'Web'] })).json();
    const vocab = (await admin.get(`/api/ops/brand/${b.id}/metadata/vocabularies`))
      .json()
      .items.find((v: { system: string | null }) => v.system === 'channels');
    const options = (await admin.get(`/api/ops/metadata/vocabulary/${vocab.id}/options`)).json().items;
    const print = options.find((o: { label_en: string }) => o.label_en === 'Print');
    const r = await admin.patch(`/api/ops/metadata/option/${print.id}`, { label_en: 'Press' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await admin.get(`/api/ops/licence/${lic.id}`)).json().channels).toEqual(['Press', 'Web']);
  });

  it('new brands get the default channels', async () => {
    const fresh = await makeBrand(admin, 'Fresh channels');
    const r = await admin.post(licences(fresh.id), {
      name: 'All channels',
      channels: ['Web', 'Social', 'Print', 'OOH', 'Broadcast'],
    });
    expect(r.statusCode, r.body).toBe(201);
  });
});
