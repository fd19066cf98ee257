import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { addDays, dayOf } from '../availability/availability.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let today: string;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Search Rights Co');
  const folder = await makeFolder(admin, brand.id, 'Photos');
  today = dayOf(t.clock.now());
  const row = (key: string, availability: string, date: string | null) =>
    assetRow(brand.id, folder, key, { name: `${key}.jpg`, availability, availability_date: date });
  await insertAssets(db(), [
    row('free', 'available', null),
    row('later', 'available', addDays(today, 90)),
    row('soon', 'expiring', addDays(today, 3)),
    row('month', 'expiring', addDays(today, 25)),
    row('gone', 'expired', addDays(today, -2)),
    row('waiting', 'embargoed', addDays(today, 4)),
  ]);
});
afterAll(() => t.close());

const db = () => t.built.handle.db;
const names = async (c: Client, body: Record<string, unknown>) => {
  const r = await c.post(`/api/ops/asset/list/all/${brand.root}`, { recursive: true, ...body });
  expect(r.statusCode, r.body).toBe(200);
  const json = r.json() as { total: number; items: { name: string }[] };
  expect(json.total).toBe(json.items.length);
  return json.items.map((a) => a.name).sort();
};

describe('search by availability', () => {
  it('keeps the assets in the states asked for', async () => {
    expect(await names(admin, {})).toHaveLength(6);
    expect(await names(admin, { availability: ['expiring'] })).toEqual(['month.jpg', 'soon.jpg']);
    expect(await names(admin, { availability: ['expired', 'embargoed'] })).toEqual(['gone.jpg', 'waiting.jpg']);
    expect(await names(admin, { availability: ['available'] })).toEqual(['free.jpg', 'later.jpg']);
    expect(await names(admin, { availability: ['available'], q: 'later' })).toEqual(['later.jpg']);
    expect(
      await names(admin, { availability: ['expiring'], type: ['image'], sort: { attribute: 'date', mode: 'desc' } }),
    ).toEqual(['month.jpg', 'soon.jpg']);
  });

  it('finds usable assets whose rights end within a number of days', async () => {
    expect(await names(admin, { expiring_within: 7 })).toEqual(['soon.jpg']);
    expect(await names(admin, { expiring_within: 30 })).toEqual(['month.jpg', 'soon.jpg']);
    expect(await names(admin, { expiring_within: 90 })).toEqual(['later.jpg', 'month.jpg', 'soon.jpg']);
    expect(await names(admin, { expiring_within: 0 })).toEqual([]);
    expect(await names(admin, { expiring_within: 90, availability: ['available'] })).toEqual(['later.jpg']);
  });

  it('answers anew when an end date moves without a new state', async () => {
    expect(await names(admin, { expiring_within: 7 })).toEqual(['soon.jpg']);
    // Still expiring, a week later: the kept answer of the same search must not be served.
    await db()
      .updateTable('assets')
      .set({ availability_date: addDays(today, 10) })
      .where('name', '=', 'soon.jpg')
      .execute();
    expect(await names(admin, { expiring_within: 7 })).toEqual([]);
    await db()
      .updateTable('assets')
      .set({ availability_date: addDays(today, 3) })
      .where('name', '=', 'soon.jpg')
      .execute();
    expect(await names(admin, { expiring_within: 7 })).toEqual(['soon.jpg']);
  });

  it('never shows guests what they may not reach, filter or not', async () => {
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    expect(await names(guest.client, { availability: ['expired', 'embargoed'] })).toEqual([]);
    expect(await names(guest.client, { availability: ['expiring'] })).toEqual(['month.jpg', 'soon.jpg']);
  });

  it('refuses unknown states and out-of-range days with field messages', async () => {
    for (const body of [
      { availability: ['lost'] },
      { availability: [] },
      { expiring_within: -1 },
      { expiring_within: 366 },
    ]) {
      const r = await admin.post(`/api/ops/asset/list/all/${brand.root}`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.json().error.fields)[0]).toMatch(/^(availability|expiring_within)/);
    }
  });
});
