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
import type { Client, TestApp } from '../../../test/harness.js';
import { makeRepos } from '../../repos.js';
import { addDays, dayOf, recomputeAvailability } from '../availability/availability.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Window Co');
});
afterAll(() => t.close());

const db = () => t.built.handle.db;
const update = (c: Client, body: Record<string, unknown>) => c.post(`/api/ops/brand/${brand.id}/update`, body);

describe("a brand's usage-rights settings", () => {
  it('are 30 days and blocked downloads by default, and editable by brand managers', async () => {
    const r = await admin.get(`/api/ops/brand/${brand.id}`);
    expect(r.json().brand).toMatchObject({ expiry_warning_days: 30, expired_downloads: 'block' });
    const saved = await update(admin, { expiry_warning_days: 14, expired_downloads: 'warn' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().brand).toMatchObject({ expiry_warning_days: 14, expired_downloads: 'warn' });
    const audit = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('event', '=', 'brand.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details).changes).toEqual({
      expiry_warning_days: { before: 30, after: 14 },
      expired_downloads: { before: 'block', after: 'warn' },
    });
    // A multipart form (the brand screen's) carries them as text.
    const { payload, headers } = multipart({ expiry_warning_days: '21', expired_downloads: 'block' });
    const form = await admin.req('POST', `/api/ops/brand/${brand.id}/update`, undefined, { headers, raw: payload });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().brand).toMatchObject({ expiry_warning_days: 21, expired_downloads: 'block' });
  });

  it('refuse a window outside 1-365 days and an unknown download rule with field messages', async () => {
    for (const body of [
      { expiry_warning_days: 0 },
      { expiry_warning_days: 366 },
      { expiry_warning_days: 2.5 },
      { expired_downloads: 'maybe' },
    ]) {
      const r = await update(admin, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.json().error.fields)).toEqual(Object.keys(body));
    }
  });

  it('are not for members', async () => {
    const member = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    expect((await update(member.client, { expiry_warning_days: 5 })).statusCode).toBe(403);
  });

  it("move the brand's assets between available and expiring at once", async () => {
    const folder = await makeFolder(admin, brand.id, 'Photos');
    const today = dayOf(t.clock.now());
    await insertAssets(db(), [assetRow(brand.id, folder, 'window-1', { available_until: addDays(today, 20) })]);
    const { id } = await db()
      .selectFrom('assets')
      .select('id')
      .where('blob_key', '=', 'test/window-1')
      .executeTakeFirstOrThrow();
    expect((await update(admin, { expiry_warning_days: 10 })).statusCode).toBe(200);
    await recomputeAvailability(makeRepos(db()), [id], today);
    const state = async () =>
      (await db().selectFrom('assets').select('availability').where('id', '=', id).executeTakeFirstOrThrow())
        .availability;
    expect(await state()).toBe('available');
    expect((await update(admin, { expiry_warning_days: 30 })).statusCode).toBe(200);
    expect(await state()).toBe('expiring');
    expect((await update(admin, { expiry_warning_days: 19 })).statusCode).toBe(200);
    expect(await state()).toBe('available');
  });
});
