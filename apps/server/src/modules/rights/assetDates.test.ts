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
let id: number;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Own Window Co');
  const folder = await makeFolder(admin, brand.id, 'Photos');
  await insertAssets(t.built.handle.db, [assetRow(brand.id, folder, 'own-window')]);
  id = (
    await t.built.handle.db
      .selectFrom('assets')
      .select('id')
      .where('blob_key', '=', 'test/own-window')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const edit = (c: Client, body: Record<string, unknown>) => c.put(`/api/ops/asset/${id}/edit`, body);

describe("an asset's own usage window", () => {
  it('is edited with the metadata and decides the availability at once', async () => {
    const today = dayOf(t.clock.now());
    const fresh = (await admin.get(`/api/ops/asset/${id}/view`)).json().asset;
    expect(fresh).toMatchObject({
      available_from: null,
      available_until: null,
      availability: { state: 'available', date: null, reason: null },
    });

    const soon = await edit(admin, { available_until: addDays(today, 5) });
    expect(soon.statusCode, soon.body).toBe(200);
    expect(soon.json().asset).toMatchObject({
      available_until: addDays(today, 5),
      availability: { state: 'expiring', date: addDays(today, 5), reason: { kind: 'asset' } },
    });

    const later = await edit(admin, { available_from: addDays(today, 2) });
    expect(later.json().asset.availability).toEqual({
      state: 'embargoed',
      date: addDays(today, 2),
      reason: { kind: 'asset' },
    });

    const open = await edit(admin, { available_from: null, available_until: null });
    expect(open.json().asset.availability).toEqual({ state: 'available', date: null, reason: null });

    const audit = await t.built.handle.db
      .selectFrom('audit_log')
      .select('details')
      .where('event', '=', 'asset.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details).changes).toEqual({
      available_from: { before: addDays(today, 2), after: null },
      available_until: { before: addDays(today, 5), after: null },
    });
  });

  it('leaves the window to those who manage rights: a member may edit the rest, not the dates', async () => {
    const member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
    expect((await edit(member, { available_until: '2030-01-01' })).statusCode).toBe(403);
    expect((await edit(member, { description: 'Still editable' })).statusCode).toBe(200);
  });

  it('refuses an end before the start, also against the stored start, and malformed days', async () => {
    const reversed = await edit(admin, { available_from: '2027-05-02', available_until: '2027-05-01' });
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json().error.fields)).toEqual(['available_until']);
    expect((await edit(admin, { available_from: '2027-05-02' })).statusCode).toBe(200);
    expect((await edit(admin, { available_until: '2027-04-30' })).statusCode).toBe(422);
    const bad = await edit(admin, { available_until: '2027-13-01' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(['available_until']);
    await edit(admin, { available_from: null });
  });

  it('hides an expired asset from guests as soon as its window closes', async () => {
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    expect((await guest.client.get(`/api/ops/asset/${id}/view`)).statusCode).toBe(200);
    const yesterday = addDays(dayOf(t.clock.now()), -1);
    expect((await edit(admin, { available_until: yesterday })).json().asset.availability.state).toBe('expired');
    expect((await guest.client.get(`/api/ops/asset/${id}/view`)).statusCode).toBe(404);
    await edit(admin, { available_until: null });
    expect((await guest.client.get(`/api/ops/asset/${id}/view`)).statusCode).toBe(200);
  });
});
