import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { statsWindows } from '../../worker/handlers/stats.windows.js';
import { countersMatchRows } from './stats.recount.repo.js';
import { statsRepo } from './stats.repo.js';
import { windowsRepo } from './stats.windows.repo.js';
import { makeRepos } from '../../repos.js';

let t: TestApp;
let admin: Client;
let A: { id: number; root: number };
let B: { id: number; root: number };
let pub: number;
let priv: number;
let member: { client: Client; id: number };
let guest: { client: Client; id: number };
let otherManager: { client: Client; id: number };
const ids: Record<string, number> = {};
const sizes: Record<string, number> = {};
const today = () => t.clock.now().toISOString().slice(0, 10);

let shade = 0;
const png = (w = 8) =>
  sharp({ create: { width: w, height: 8, channels: 3, background: { r: (shade += 11) % 256, g: 90, b: 4 } } })
    .png()
    .toBuffer();
async function upload(key: string, folderId: number, brandId = A.id, by: Client = admin) {
  const data = await png();
  const r = await by.form(
    'POST',
    `/api/ops/asset/${brandId}/${folderId}/new`,
    multipart({}, [{ field: 'files', name: `${key}.png`, type: 'image/png', data }]),
  );
  expect(r.statusCode).toBe(201);
  ids[key] = r.json().results[0].asset_id;
  sizes[key] = data.length;
}
const stats = (c: Client, body: Record<string, unknown> = {}) => c.put('/api/ops/asset/statistics', body);
const ofA = async (c: Client, days = 7) => {
  const r = await stats(c, { brand_id: A.id, days });
  expect(r.statusCode).toBe(200);
  return r.json();
};
const consistent = async () => expect(await countersMatchRows(t.built.handle.db)).toEqual([]);

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  A = await makeBrand(admin, 'Stats Alpha');
  B = await makeBrand(admin, 'Stats Beta');
  pub = await makeFolder(admin, A.id, 'Open');
  priv = await makeFolder(admin, A.id, 'Closed', undefined, 'PRIVATE');
  member = await makeUser(t, admin, { roles: ['member'], brands: [A.id] });
  guest = await makeUser(t, admin, { roles: ['guest'], brands: [A.id] });
  otherManager = await makeUser(t, admin, { roles: ['manager'], brands: [B.id] });
  await upload('one', pub);
  await upload('two', pub);
  await upload('secret', priv);
  await upload('beta', B.root, B.id);
});
afterAll(() => t.close());

describe('assets statistics', () => {
  it('counts assets, bytes and uploads by type and day, PRIVATE ones only for those who see them', async () => {
    const s = await ofA(admin);
    expect(s.total).toBe(3);
    expect(s.bytes).toBe(sizes.one! + sizes.two! + sizes.secret!);
    expect(s.by_type).toEqual({ image: 3 });
    expect(s.bytes_by_type).toEqual({ image: s.bytes });
    expect(s.brands).toEqual([{ id: A.id, name: 'Stats Alpha', assets: 3, bytes: s.bytes }]);
    expect(s.uploads.by_day).toHaveLength(7);
    expect(s.uploads.by_day.at(-1)).toEqual({ day: today(), count: 3, bytes: s.bytes });
    expect(s.uploads.total).toBe(3);
    expect(s.mine).toMatchObject({ uploads: 3, downloads: 0 });
    const g = await ofA(guest.client);
    expect(g.total).toBe(2);
    expect(g.uploads.total).toBe(2);
    expect(g.mine.uploads).toBe(0);
    expect((await ofA(member.client)).total).toBe(3);
    await consistent();
  });

  it('counts downloads by day, kind and person, and the most downloaded assets', async () => {
    const before = await ofA(member.client);
    for (let i = 0; i < 2; i++)
      expect((await member.client.get(`/api/ops/asset/${ids.one}/download`)).statusCode).toBe(200);
    const crop = await member.client.get(`/api/ops/asset/${ids.two}/crop?x=0&y=0&w=1&h=1&width=4&format=png`);
    expect(crop.statusCode).toBe(200);
    expect((await member.client.get(`/api/ops/asset/${ids.secret}/download`)).statusCode).toBe(200);
    const s = await ofA(member.client);
    expect(s.downloads.total - before.downloads.total).toBe(4);
    expect(s.downloads.by_kind).toMatchObject({ original: 3, crop: 1, zip: 0, pdf: 0 });
    expect(s.downloads.by_day.at(-1)).toEqual({ day: today(), count: 4 });
    expect(s.downloads.top[0]).toEqual({ id: ids.one, name: 'one.png', brand_id: A.id, count: 2 });
    expect(s.mine).toMatchObject({ uploads: 0, downloads: 4 });
    expect(s.mine.by_day.at(-1)).toEqual({ day: today(), uploads: 0, downloads: 4 });
    // A guest sees neither the PRIVATE asset's download nor the asset.
    const g = await ofA(guest.client);
    expect(g.downloads.total).toBe(3);
    expect(g.downloads.top.map((x: { id: number }) => x.id)).not.toContain(ids.secret);
    // The people who did most, for those who see users.
    const people = (await admin.put('/api/ops/users/statistics', { brand_id: A.id, days: 7 })).json().active;
    expect(people[0]).toMatchObject({ id: member.id, uploads: 0, downloads: 4 });
    expect(people.find((p: { id: number }) => p.id !== member.id)).toMatchObject({ uploads: 3, downloads: 0 });
    await consistent();
  });

  it('takes a removed asset out of the totals and the most downloaded, and puts it back on restore', async () => {
    const before = await ofA(admin);
    expect((await admin.put(`/api/ops/asset/${ids.one}/status/change`)).statusCode).toBe(200);
    const gone = await ofA(admin);
    expect(gone.total).toBe(before.total - 1);
    expect(gone.bytes).toBe(before.bytes - sizes.one!);
    expect(gone.downloads.top.map((x: { id: number }) => x.id)).not.toContain(ids.one);
    // Uploads and downloads are history: a removal changes neither.
    expect(gone.uploads.total).toBe(before.uploads.total);
    expect(gone.downloads.total).toBe(before.downloads.total);
    const folders = async () =>
      (await admin.put('/api/ops/folder/statistics', { ids: [pub, A.root] })).json().items as {
        id: number;
        assets: number;
        downloads: number;
      }[];
    expect((await folders()).find((f) => f.id === pub)).toMatchObject({ assets: 1, downloads: 1 });
    await consistent();
    expect((await admin.put(`/api/ops/asset/${ids.one}/status/change`)).statusCode).toBe(200);
    const back = await ofA(admin);
    expect(back.total).toBe(before.total);
    expect(back.downloads.top[0].id).toBe(ids.one);
    expect((await folders()).find((f) => f.id === pub)).toMatchObject({ assets: 2, downloads: 3 });
    expect((await folders()).find((f) => f.id === A.root)).toMatchObject({ assets: 3, downloads: 4 });
    await consistent();
  });

  it('follows moves, new versions and removed folders', async () => {
    // Into the PRIVATE folder: out of a guest's figures, downloads and all.
    const guestBefore = await ofA(guest.client);
    expect((await admin.post(`/api/ops/asset/all/move/${priv}`, { ids: [ids.two] })).statusCode).toBe(200);
    const g = await ofA(guest.client);
    expect(g.total).toBe(guestBefore.total - 1);
    const byId = async () =>
      Object.fromEntries(
        (await admin.put('/api/ops/folder/statistics', { ids: [pub, priv] }))
          .json()
          .items.map((f: { id: number }) => [f.id, f]),
      );
    expect((await byId())[priv]).toMatchObject({ assets: 2, downloads: 2 });
    await consistent();
    // A new, bigger version changes the bytes.
    const before = await ofA(admin);
    const v2 = await png(64);
    const form = multipart({ asset_id: String(ids.two) }, [
      { field: 'file', name: 'two-v2.png', type: 'image/png', data: v2 },
    ]);
    expect((await admin.form('POST', '/api/ops/asset/version/new', form)).statusCode).toBe(201);
    expect((await ofA(admin)).bytes).toBe(before.bytes - sizes.two! + v2.length);
    await consistent();
    // A folder moved to the Trash takes its assets (and their downloads) out of the figures.
    const doomed = await makeFolder(admin, A.id, 'Doomed');
    const inner = await makeFolder(admin, A.id, 'Inner', doomed);
    await upload('gone', inner);
    expect((await member.client.get(`/api/ops/asset/${ids.gone}/download`)).statusCode).toBe(200);
    const full = await ofA(admin);
    expect((await admin.put(`/api/ops/folder/${doomed}/status/change`)).statusCode).toBe(200);
    const after = await ofA(admin);
    expect(after.total).toBe(full.total - 1);
    expect(after.bytes).toBe(full.bytes - sizes.gone!);
    expect(after.downloads.top.map((x: { id: number }) => x.id)).not.toContain(ids.gone);
    await consistent();
  });

  it('covers every brand the caller sees when no brand is named; another brand is 404', async () => {
    const all = (await stats(admin, { days: 30 })).json();
    expect(all.brands.map((b: { id: number }) => b.id)).toEqual(expect.arrayContaining([A.id, B.id]));
    expect(all.total).toBe(all.brands.reduce((n: number, b: { assets: number }) => n + b.assets, 0));
    expect(all.uploads.by_day).toHaveLength(30);
    const mine = (await stats(member.client)).json();
    expect(mine.brands.map((b: { id: number }) => b.id)).toEqual([A.id]);
    expect(mine.uploads.by_day).toHaveLength(30);
    expect((await stats(otherManager.client, { brand_id: A.id })).statusCode).toBe(404);
    expect((await stats(member.client, { brand_id: 2_000_000 })).statusCode).toBe(404);
    expect((await stats(member.client, { brand_id: A.id, days: 0 })).statusCode).toBe(422);
    expect((await stats(member.client, { brand_id: 'A' })).statusCode).toBe(422);
    expect((await stats(member.client, { days: 7, extra: 1 })).statusCode).toBe(422);
  });

  it('counts a zip fetched by its owner, per member, and registrations waiting for approval', async () => {
    const before = await ofA(member.client);
    const q = await member.client.post('/api/ops/asset/download/get/queue', { asset_ids: [ids.one, ids.secret] });
    expect(q.statusCode).toBe(202);
    let d = q.json().download;
    for (let i = 0; i < 200 && d.state === 'preparing'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      d = (await member.client.get(`/api/ops/asset/download/${d.id}`)).json();
    }
    expect((await t.client().get(d.url)).statusCode).toBe(200);
    const s = await ofA(member.client);
    expect(s.downloads.by_kind.zip - before.downloads.by_kind.zip).toBe(2);
    expect(s.mine.downloads - before.mine.downloads).toBe(2);
    const reg = { first_name: 'Wait', last_name: 'Ing', email: 'waiting@example.com', password: 'waiting-pass-1' };
    const r = await t.client().post('/api/auth/register', { ...reg, password_confirmation: reg.password });
    expect(r.statusCode).toBe(201);
    expect((await admin.put('/api/ops/users/statistics', {})).json().pending_approval).toBe(1);
    await consistent();
  });
});

describe('the most downloaded of a period', () => {
  const db = () => t.built.handle.db;
  const live = async (days: number, withPrivate = true) => {
    const since = new Date(t.clock.now().getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const r = statsRepo(db());
    return r.named(await r.topLive([A.id], { withPrivate }, since, 10));
  };
  const moveOn = () =>
    statsWindows.run({}, {
      db: db(),
      repos: makeRepos(db()),
      clock: t.clock,
      log: { info: () => undefined },
    } as never) as Promise<{
      moved: number;
    }>;

  it('reads them from the windows while they are current, the same as summing the count rows', async () => {
    const state = await windowsRepo(db()).state();
    expect(state.map((w) => w.days).sort((a, b) => a - b)).toEqual([7, 30, 90]);
    for (const days of [7, 30, 90]) {
      expect(state.find((w) => w.days === days)?.first_day).toBe(
        new Date(t.clock.now().getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10),
      );
      expect((await ofA(admin, days)).downloads.top).toEqual(await live(days));
      expect((await ofA(guest.client, days)).downloads.top).toEqual(await live(days, false));
    }
    expect((await ofA(admin, 7)).downloads.top.length).toBeGreaterThan(0);
    expect((await moveOn()).moved).toBe(0);
  });

  it('moves the windows on as days pass, and sums the rows until the job has', async () => {
    const before = (await ofA(admin, 30)).downloads.top;
    t.clock.advance(8 * 86_400_000);
    try {
      // A week later, today's downloads have left the 7-day period, not the 30-day one.
      expect((await ofA(admin, 7)).downloads.top).toEqual([]);
      expect((await ofA(admin, 30)).downloads.top).toEqual(before);
      // The worker's own recurring run may move some days first: what matters is where all three end.
      await moveOn();
      const state = await windowsRepo(db()).state();
      for (const days of [7, 30, 90])
        expect(state.find((w) => w.days === days)?.first_day).toBe(
          new Date(t.clock.now().getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10),
        );
      const left = await db()
        .selectFrom('download_windows')
        .select('asset_id')
        .where('brand_id', '=', A.id)
        .where('days', '=', 7)
        .execute();
      expect(left).toEqual([]);
      expect((await ofA(admin, 7)).downloads.top).toEqual([]);
      expect((await ofA(admin, 30)).downloads.top).toEqual(before);
      expect((await ofA(admin, 30)).downloads.top).toEqual(await live(30));
      expect((await moveOn()).moved).toBe(0);
    } finally {
      t.clock.advance(-8 * 86_400_000);
    }
  });
});

describe('the recent activity and the job queue', () => {
  it("shows an administrator everyone's newest entries, anyone else their own", async () => {
    const all = (await admin.get('/api/ops/audit/recent?limit=5')).json();
    expect(all.scope).toBe('all');
    expect(all.items).toHaveLength(5);
    expect(all.items[0].seq).toBeGreaterThan(all.items[4].seq);
    const mine = (await member.client.get('/api/ops/audit/recent')).json();
    expect(mine.scope).toBe('mine');
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((e: { user: { id: number } }) => e.user.id === member.id)).toBe(true);
    expect((await guest.client.get('/api/ops/audit/recent')).statusCode).toBe(403);
    expect((await member.client.get('/api/ops/audit/recent?limit=51')).statusCode).toBe(422);
  });

  it('counts the queue per job name for administrators only', async () => {
    const q = (await admin.get('/api/jobs/queue')).json();
    expect(q).toMatchObject({
      queued: expect.any(Number),
      running: expect.any(Number),
      failed_day: expect.any(Number),
    });
    expect(q.queued).toBe(q.by_name.reduce((n: number, x: { queued: number }) => n + x.queued, 0));
    expect((await member.client.get('/api/jobs/queue')).statusCode).toBe(403);
  });
});
