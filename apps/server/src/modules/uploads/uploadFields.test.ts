import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

/** Brand field values sent with a tus upload (issue 39 §3). */
let t: TestApp;
let admin: Client;
let base: string;
let brand: { id: number; root: number };
let folder: number;
let spring: number;
let europe: number;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  await admin.csrf();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  brand = await makeBrand(admin, 'Upload Fields Co');
  folder = await makeFolder(admin, brand.id, 'Incoming');
  const post = async (url: string, body: unknown) => {
    const r = await admin.post(url, body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  };
  const list = await post(`/api/ops/brand/${brand.id}/metadata/vocabularies`, { name: 'Campaigns', kind: 'list' });
  const tree = await post(`/api/ops/brand/${brand.id}/metadata/vocabularies`, { name: 'Regions', kind: 'tree' });
  spring = (await post(`/api/ops/metadata/vocabulary/${list.id}/options`, { label_en: 'Spring' })).id;
  europe = (await post(`/api/ops/metadata/vocabulary/${tree.id}/options`, { label_en: 'Europe' })).id;
  const field = (b: Record<string, unknown>) =>
    post(`/api/ops/brand/${brand.id}/metadata/fields`, { label_es: `${String(b.label_en)} (es)`, ...b });
  await field({ key: 'campaign', type: 'select', label_en: 'Campaign', vocabulary_id: list.id, required: true });
  await field({ key: 'region', type: 'tree', label_en: 'Region', vocabulary_id: tree.id });
  await field({ key: 'budget', type: 'number', label_en: 'Budget' });
  await field({ key: 'pages', type: 'number', label_en: 'Pages', asset_types: ['document'], required: true });
});
afterAll(() => t.close());

const headers = (c: Client) => ({
  authorization: `Bearer ${c.token}`,
  'x-xsrf-token': c.xsrf!,
  cookie: `XSRF-TOKEN=${c.xsrf}`,
});

function send(data: Buffer, metadata: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve) => {
    let last = { status: 0, body: '' };
    const upload = new tus.Upload(data, {
      endpoint: `${base}/api/uploads`,
      headers: headers(admin),
      metadata,
      retryDelays: [],
      onAfterResponse: (_req, res) => {
        last = { status: res.getStatus(), body: res.getBody() };
      },
      onSuccess: () => resolve(last),
      onError: () => resolve(last),
    });
    upload.start();
  });
}

let n = 0;
const photo = () =>
  sharp({ create: { width: 40 + (n += 1), height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
const meta = (name: string, fields?: Record<string, unknown>) => ({
  filename: name,
  brand_id: String(brand.id),
  folder_id: String(folder),
  ...(fields ? { fields: JSON.stringify(fields) } : {}),
});
const requireFields = async (on: boolean) => {
  const r = await admin.post(`/api/ops/brand/${brand.id}/update`, { require_fields_on_upload: on });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().brand.require_fields_on_upload).toBe(on);
};
const assetCount = async () =>
  Number(
    (
      await t.built.handle.db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('brand_id', '=', brand.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('brand fields at upload', () => {
  it('writes the values with the new asset and records them', async () => {
    const r = await send(await photo(), meta('fields.png', { campaign: spring, region: europe, budget: 12.5 }));
    expect(r.status, r.body).toBe(200);
    const result = JSON.parse(r.body);
    expect(result.status).toBe('created');
    const values = (await admin.get(`/api/ops/asset/${result.asset_id}/fields`)).json().values;
    // `pages` is for documents only: a photo simply has no value there.
    expect(values).toMatchObject({ campaign: spring, region: europe, budget: 12.5, pages: null });
    const audit = (await admin.get('/api/ops/audit/all?per_page=20&event=asset.fields')).json().items;
    expect(audit.some((e: { target: { id: number } }) => e.target.id === result.asset_id)).toBe(true);
  });

  it('refuses a wrong value with a 422 naming the label, before any byte, and makes nothing', async () => {
    const before = await assetCount();
    const r = await send(await photo(), meta('wrong.png', { budget: 'lots', campaign: 999999 }));
    expect(r.status).toBe(422);
    const fields = JSON.parse(r.body).error.fields;
    expect(fields['values.budget']).toContain('Budget');
    expect(fields['values.campaign']).toContain('Campaign');
    expect(await assetCount()).toBe(before);
  });

  it('lets a required field stay a gap unless the brand requires it', async () => {
    const open = await send(await photo(), meta('gap.png'));
    expect(JSON.parse(open.body).status).toBe('created');

    await requireFields(true);
    const before = await assetCount();
    const refused = await send(await photo(), meta('refused.png', { budget: 3 }));
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body).error.fields['values.campaign']).toBe('Campaign is a required field');
    expect(await assetCount()).toBe(before);
    // A required field of another asset type (documents) is not asked of a photo.
    const ok = await send(await photo(), meta('filled.png', { campaign: spring }));
    expect(JSON.parse(ok.body).status).toBe('created');
    await requireFields(false);
    const audit = (await admin.get('/api/ops/audit/all?per_page=20&event=brand.update')).json().items;
    expect(audit[0].changes.require_fields_on_upload).toEqual({ before: true, after: false });
  });
});
