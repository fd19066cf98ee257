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
import { jobUnits } from '../../jobUnits.js';
import { makeRepos } from '../../repos.js';
import { rightsAvailability } from '../../worker/handlers/rights.availability.js';
import { addDays, dayOf, recomputeAvailability } from './availability.js';

const DAY = 86_400_000;
let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let seq = 0;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Rights Co');
  folder = await makeFolder(admin, brand.id, 'Photos');
});
afterAll(() => t.close());

const db = () => t.built.handle.db;
const today = () => dayOf(t.clock.now());
const stamp = () => t.clock.now().toISOString();

async function asset(over: Record<string, unknown> = {}) {
  const key = `rights-${++seq}`;
  await insertAssets(db(), [assetRow(brand.id, folder, key, over)]);
  return (await db().selectFrom('assets').select('id').where('blob_key', '=', `test/${key}`).executeTakeFirstOrThrow())
    .id;
}
async function licence(name: string, from: string | null, until: string | null, assetIds: number[]) {
  const { id } = await db()
    .insertInto('licences')
    .values({
      brand_id: brand.id,
      name,
      valid_from: from,
      valid_until: until,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('asset_licences')
    .values(assetIds.map((a) => ({ asset_id: a, licence_id: id })))
    .execute();
  return id;
}
async function consent(person: string, until: string | null, assetIds: number[]) {
  const { id } = await db()
    .insertInto('consents')
    .values({ brand_id: brand.id, person, valid_until: until, created_at: stamp(), updated_at: stamp() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('asset_consents')
    .values(assetIds.map((a) => ({ asset_id: a, consent_id: id })))
    .execute();
  return id;
}
const state = async (ids: number[]) =>
  (
    await db()
      .selectFrom('assets')
      .select(['id', 'availability', 'availability_date', 'availability_reason'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
  ).map((r) => ({
    availability: r.availability,
    date: r.availability_date,
    reason: r.availability_reason ? JSON.parse(r.availability_reason) : null,
  }));
const recompute = (ids: number[]) => recomputeAvailability(makeRepos(db()), ids, today());

// First: the notices count every brand's assets, and the later tests leave some due.
describe('the daily run and its notices', () => {
  it('moves assets across 30/7/1/0 days, telling owners and rights managers once per threshold', async () => {
    const other = await makeBrand(admin, 'Notices Co');
    const photos = await makeFolder(admin, other.id, 'Photos');
    const owner = await makeUser(t, admin, { roles: ['member'], brands: [other.id], lang: 'es' });
    const manager = await makeUser(t, admin, { roles: ['manager'], brands: [other.id] });
    const bystander = await makeUser(t, admin, { roles: ['member'], brands: [other.id] });
    const d = today();
    const end = addDays(d, 31);
    const rows = ['cover', 'poster'].map((k) =>
      assetRow(other.id, photos, `${k}-${++seq}`, { name: `${k}.jpg`, created_by: owner.id, available_until: end }),
    );
    await insertAssets(db(), rows);
    const ids = (
      await db().selectFrom('assets').select('id').where('folder_id', '=', photos).orderBy('id').execute()
    ).map((r) => r.id);
    await recomputeAvailability(makeRepos(db()), ids, d);

    const units = jobUnits({ clock: t.clock, appKey: undefined })(db(), () => undefined);
    const ctx = {
      db: db(),
      clock: t.clock,
      log: { info: () => undefined },
      appUrl: 'http://app.test',
      notificationPublished: () => undefined,
      ...units,
    } as never;
    const run = () => rightsAvailability.run({ batch: 1 }, ctx) as Promise<{ notices: number; mails: number }>;
    // Sessions do not outlive the days the clock skips: each look signs in afresh.
    const kinds = async (u: { email: string }) => {
      const c = t.client();
      await c.login(u.email, 'password-123');
      const r = await c.get('/api/ops/notification/list?per_page=100');
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().items as { kind: string; excerpt: string; asset: { id: number } | null }[])
        .filter((n) => n.asset && ids.includes(n.asset.id))
        .map((n) => `${n.kind}:${n.excerpt}`);
    };

    // The app's own worker runs the same daily job when the clock crosses a day: the outcome is
    // the same whichever run (or both at once) does the work, so the test looks at what was told.
    const told = async (u: { email: string }, n: number) => {
      expect(await kinds(u)).toHaveLength(n);
      await t.mailSettled();
      return t.mails(u.email);
    };
    await run();
    expect((await state(ids)).map((s) => s.availability)).toEqual(['available', 'available']);
    expect(await told(owner, 0)).toHaveLength(0);

    t.clock.advance(DAY); // 30 days left
    await run();
    expect((await state(ids)).map((s) => s.availability)).toEqual(['expiring', 'expiring']);
    expect(await kinds(owner)).toEqual([`expiring:${end}`, `expiring:${end}`]);
    expect(await kinds(bystander)).toEqual([]);
    const ownerMail = await told(owner, 2);
    expect(ownerMail).toHaveLength(1);
    expect(ownerMail[0]!.subject).toContain('2 recursos');
    expect(ownerMail[0]!.text).toContain('«cover.jpg»');
    expect(ownerMail[0]!.links[0]).toBe('http://app.test/brand?avail=expiring&avail=expired');
    const managerMail = await told(manager, 2);
    expect(managerMail).toHaveLength(1);
    expect(managerMail[0]!.subject).toContain('2 assets with expiring rights');

    // The same day again, and the days before the next threshold: nothing new.
    expect(await run()).toMatchObject({ notices: 0 });
    t.clock.advance(DAY * 22); // 8 days left
    await run();
    expect(await told(owner, 2)).toHaveLength(1);

    t.clock.advance(DAY); // 7 days left
    await run();
    expect(await told(owner, 4)).toHaveLength(2);
    t.clock.advance(DAY * 6); // 1 day left
    await run();
    expect(await told(owner, 6)).toHaveLength(3);
    t.clock.advance(DAY); // the last day: the 1-day notice was sent
    await run();
    expect(await told(owner, 6)).toHaveLength(3);
    t.clock.advance(DAY); // expired
    await run();
    expect((await state(ids)).map((s) => s.availability)).toEqual(['expired', 'expired']);
    expect((await kinds(owner)).slice(0, 3)).toEqual([`expired:${end}`, `expired:${end}`, `expiring:${end}`]);
    expect(await told(owner, 8)).toHaveLength(4);
    expect(await told(manager, 8)).toHaveLength(4);
    expect(await told(bystander, 0)).toHaveLength(0);
    expect(await run()).toMatchObject({ notices: 0, mails: 0 });

    // A renewed end starts the count again.
    const renewed = addDays(today(), 5);
    await db().updateTable('assets').set({ available_until: renewed }).where('id', 'in', ids).execute();
    await recomputeAvailability(makeRepos(db()), ids, today());
    await run();
    expect((await kinds(owner))[0]).toBe(`expiring:${renewed}`);
    expect(await told(owner, 10)).toHaveLength(5);
  });

  it('lifts an embargo on its first day', async () => {
    const a = await asset({ available_from: addDays(today(), 1) });
    await recompute([a]);
    expect((await state([a]))[0]!.availability).toBe('embargoed');
    const units = jobUnits({ clock: t.clock, appKey: undefined })(db(), () => undefined);
    const ctx = {
      db: db(),
      clock: t.clock,
      log: { info: () => undefined },
      appUrl: 'http://app.test',
      notificationPublished: () => undefined,
      ...units,
    } as never;
    t.clock.advance(DAY);
    await rightsAvailability.run({ batch: 500 }, ctx);
    expect(await state([a])).toEqual([{ availability: 'available', date: null, reason: null }]);
  });
});

describe('recomputeAvailability', () => {
  it("computes each asset's state from its own dates, licences and consents, in one pass", async () => {
    const d = today();
    const plain = await asset();
    const ownEnd = await asset({ available_until: addDays(d, 10) });
    const embargoed = await asset({ available_from: addDays(d, 3) });
    const licensed = await asset();
    const released = await asset();
    const both = await asset({ available_until: addDays(d, 400) });
    const lic = await licence('Stock Co. 2026', null, addDays(d, 90), [licensed, both]);
    const con = await consent('Ana Model', addDays(d, -1), [released]);
    const later = await licence('Spring launch', addDays(d, 5), null, [both]);
    await recompute([plain, ownEnd, embargoed, licensed, released, both]);
    expect(await state([plain, ownEnd, embargoed, licensed, released, both])).toEqual([
      { availability: 'available', date: null, reason: null },
      { availability: 'expiring', date: addDays(d, 10), reason: { kind: 'asset' } },
      { availability: 'embargoed', date: addDays(d, 3), reason: { kind: 'asset' } },
      { availability: 'available', date: addDays(d, 90), reason: { kind: 'licence', id: lic, name: 'Stock Co. 2026' } },
      { availability: 'expired', date: addDays(d, -1), reason: { kind: 'consent', id: con, name: 'Ana Model' } },
      { availability: 'embargoed', date: addDays(d, 5), reason: { kind: 'licence', id: later, name: 'Spring launch' } },
    ]);
    // Guests' search rows follow (class 1: members only).
    const hidden = await db()
      .selectFrom('asset_search')
      .select(['asset_id', 'hidden'])
      .where('asset_id', 'in', [plain, released])
      .orderBy('asset_id')
      .execute();
    expect(hidden.map((h) => Number(h.hidden))).toEqual([0, 1]);
  });

  it("follows the brand's warning window", async () => {
    const d = today();
    const a = await asset({ available_until: addDays(d, 20) });
    await db().updateTable('brands').set({ expiry_warning_days: 10 }).where('id', '=', brand.id).execute();
    await recompute([a]);
    expect((await state([a]))[0]!.availability).toBe('available');
    await db().updateTable('brands').set({ expiry_warning_days: 30 }).where('id', '=', brand.id).execute();
    await recompute([a]);
    expect((await state([a]))[0]!.availability).toBe('expiring');
  });

  it('answers at once for no ids and leaves unknown ids alone', async () => {
    await expect(recompute([])).resolves.toEqual([]);
    await expect(recompute([987654321])).resolves.toEqual([]);
  });
});
