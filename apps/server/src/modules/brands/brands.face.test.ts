import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  assetRow,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
  multipart,
  startApp,
} from '../../../test/harness.js';
import sharp from 'sharp';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Face Co');
});
afterAll(() => t.close());

describe("the brand's face outside (issue 44 §5)", () => {
  it('keeps an accent colour given as HEX, audited, and refuses anything else with a clear message', async () => {
    const bad = await admin.post(`/api/ops/brand/${brand.id}/update`, { accent_color: 'red' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.accent_color).toMatch(/#RRGGBB/);
    const ok = await admin.post(`/api/ops/brand/${brand.id}/update`, { accent_color: '#C2255C' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().brand.accent_color).toBe('#c2255c');
    const entries = (await admin.get('/api/ops/audit/all?event=brand.update&per_page=5')).json().items;
    expect(entries[0].changes).toMatchObject({ accent_color: { before: null, after: '#c2255c' } });
    // A member may not change it.
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect(
      (await member.client.post(`/api/ops/brand/${brand.id}/update`, { accent_color: '#000000' })).statusCode,
    ).toBe(403);
  });

  it("shows the share page and the share mail in the brand's name and colour, the sharer and the message as text", async () => {
    await admin.post(`/api/ops/brand/${brand.id}/update`, { accent_color: '#2b8a3e' });
    const folder = await makeFolder(admin, brand.id, 'Faces');
    await insertAssets(t.built.handle.db, [assetRow(brand.id, folder, 'face-one')]);
    const assetId = (
      await t.built.handle.db
        .selectFrom('assets')
        .select('id')
        .where('name', '=', 'face-one.jpg')
        .executeTakeFirstOrThrow()
    ).id;
    const owner = await makeUser(t, admin, { roles: ['member'], brands: [brand.id], first_name: 'Olga' });
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const col = (
      await owner.client.post('/api/ops/collection/new', { name: 'Launch kit', asset_ids: [assetId] })
    ).json().collection.id as number;
    const message = '<b>Use these</b> for the launch';
    const r = await owner.client.post(`/api/ops/collection/${col}/share`, {
      audience: 'anyone',
      message,
      user_ids: [],
    });
    expect(r.statusCode, r.body).toBe(201);
    const token = (r.json().share_link.link as string).split('/').at(-1);
    const view = (await t.client().get(`/api/ops/collection/${col}/shared/${token}/public/view`)).json();
    expect(view).toMatchObject({
      collection: { name: 'Launch kit' },
      brand: { id: brand.id, name: 'Face Co', accent_color: '#2b8a3e', logo_uri: null },
      shared_by: expect.stringMatching(/^Olga /),
      message,
      allow_download: true,
      zip_url: expect.any(String),
    });

    // The sign-in page reached through the link, or an asset's, wears the brand: its face only.
    const faceOf = async (next: string) =>
      (await t.client().get(`/api/brand-face?next=${encodeURIComponent(next)}`)).json();
    const face = { name: 'Face Co', accent_color: '#2b8a3e', logo_uri: null };
    expect(await faceOf(`/collections/shared/${col}/using/${token}`)).toEqual({ brand: face });
    // An asset's id can be guessed: its path never names the brand.
    expect(await faceOf(`/brand/asset/${assetId}`)).toEqual({ brand: null });
    expect(await faceOf(`/collections/shared/${col}/using/not-the-token`)).toEqual({ brand: null });
    expect(await faceOf('/brand/asset/999999')).toEqual({ brand: null });

    await owner.client.post(`/api/ops/collection/${col}/share`, { audience: 'users', user_ids: [guest.id], message });
    const mail = (await t.waitForMails(guest.email)).at(-1)!;
    // The text part opens and closes with the brand's name; the message stays text.
    expect(mail.text.split('\n')[0]).toBe('Face Co');
    expect(mail.text).toContain(message);
    expect(mail.text.trim().split('\n').at(-1)).toBe('— Face Co');
  });

  it("sends the download-ready mail in the brand's name when all its files are the brand's", async () => {
    const folder = await makeFolder(admin, brand.id, 'Downloads');
    const data = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .jpeg()
      .toBuffer();
    const form = multipart({}, [{ field: 'files', name: 'face-dl.jpg', type: 'image/jpeg', data }]);
    const assetId = (await admin.form('POST', `/api/ops/asset/${brand.id}/${folder}/new`, form)).json().results[0]
      .asset_id as number;
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const r = await member.client.post('/api/ops/asset/download/get/queue', { asset_ids: [assetId] });
    expect(r.statusCode, r.body).toBe(202);
    const mail = (await t.waitForMails(member.email)).find((m) => /download/i.test(m.subject))!;
    expect(mail.text.split('\n')[0]).toBe('Face Co');
    expect(mail.text.trim().split('\n').at(-1)).toBe('— Face Co');
  });
});
