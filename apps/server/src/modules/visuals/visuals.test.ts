import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { until } from '../../../test/throwaway.js';
import { addDays, dayOf } from '../availability/availability.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;

/** A 12 × 9 grid of blocks whose colours come from `seed`: distinct pictures hash far apart. */
async function picture(seed: number, width = 1200, height = 900) {
  let s = seed * 7919 + 13;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 255;
  const raw = Buffer.alloc(12 * 9 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = rnd();
  return sharp(raw, { raw: { width: 12, height: 9, channels: 3 } })
    .resize(width, height, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();
}
/** PNG chunks carry a CRC-32 of their type and data. */
function crc32(buf: Buffer) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
const solid = (background: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer();
const upload = async (folderId: number, name: string, data: Buffer, type = 'image/jpeg') => {
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folderId}/new?upload_anyway=1`,
    multipart({}, [{ field: 'files', name, type, data }]),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0].asset_id as number;
};

/** Waits for the worker's analysis of the asset's current revision. */
async function analysed(c: Client, id: number) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer's shape is what the tests read
  let v: any = { state: 'pending' };
  await until(`the visuals of asset ${id}`, async () => {
    v = (await c.get(`/api/ops/asset/${id}/visuals`)).json().visuals;
    return v.state !== 'pending';
  });
  return v;
}
const similar = async (c: Client, id: number) =>
  (await c.get(`/api/ops/asset/${id}/similar`)).json().items as { asset_id: number; distance: number }[];

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Visuals Co');
  folder = await makeFolder(admin, brand.id, 'Photos');
});
afterAll(() => t.close());

describe('colours and look-alikes', () => {
  it('finds red as the dominant colour of a solid red image', async () => {
    const red = await solid('#ff0000');
    const v = await analysed(admin, await upload(folder, 'red.png', red, 'image/png'));
    expect(v.state).toBe('done');
    const [first] = v.colours;
    expect(first.share).toBeGreaterThan(0.9);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(first.hex.slice(i, i + 2), 16)) as [number, number, number];
    expect(r).toBeGreaterThan(220);
    expect(g + b).toBeLessThan(40);
  });

  it('ranks a resized copy first, and warns of it as a look-alike', async () => {
    const original = await upload(folder, 'Summer-01.jpg', await picture(1));
    const others = [
      await upload(folder, 'other-a.jpg', await picture(2)),
      await upload(folder, 'other-b.jpg', await picture(3)),
    ];
    const copy = await upload(folder, 'summer-small.jpg', await picture(1, 600, 450));
    for (const id of [original, copy, ...others]) await analysed(admin, id);
    const list = await similar(admin, copy);
    expect(list[0]).toMatchObject({ asset_id: original });
    expect(list.every((i) => !others.includes(i.asset_id) || i.distance > list[0]!.distance)).toBe(true);
    const v = (await admin.get(`/api/ops/asset/${copy}/visuals`)).json().visuals;
    expect(v.look_alike).toMatchObject({ asset_id: original, name: 'Summer-01.jpg', folder_name: 'Photos' });
  });

  it('never shows a guest a PRIVATE or expired look-alike', async () => {
    const secret = await makeFolder(admin, brand.id, 'Secret', undefined, 'PRIVATE');
    const open = await upload(folder, 'shared.jpg', await picture(7));
    const hidden = await upload(secret, 'hidden.jpg', await picture(7, 800, 600));
    const expired = await upload(folder, 'expired.jpg', await picture(7, 600, 450));
    for (const id of [open, hidden, expired]) await analysed(admin, id);
    const yesterday = addDays(dayOf(t.clock.now()), -1);
    expect((await admin.put(`/api/ops/asset/${expired}/edit`, { available_until: yesterday })).statusCode).toBe(200);
    const ids = (await similar(admin, open)).map((i) => i.asset_id);
    expect(ids).toEqual(expect.arrayContaining([hidden, expired]));
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const seen = (await similar(guest.client, open)).map((i) => i.asset_id);
    expect(seen).not.toContain(hidden);
    expect(seen).not.toContain(expired);
    expect((await guest.client.get(`/api/ops/asset/${open}/visuals`)).json().visuals.look_alike).toBeNull();
    expect((await guest.client.get(`/api/ops/asset/${hidden}/similar`)).statusCode).toBe(404);
  });

  it('marks a corrupt image failed and a huge one skipped, and moves on', async () => {
    const good = await picture(9);
    const broken = Buffer.concat([good.subarray(0, 600), Buffer.alloc(2000, 0x55)]);
    const corrupt = await upload(folder, 'broken.jpg', broken);
    // A PNG header that claims 20,000 × 20,000 pixels, with no picture behind it (a bomb's shape).
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20_000, 0);
    ihdr.writeUInt32BE(20_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
      return Buffer.concat([len, Buffer.from(type), data, crc]);
    };
    const bomb = Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(60_000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const huge = await upload(folder, 'huge.png', bomb, 'image/png');
    const after = await upload(folder, 'after.jpg', good);
    expect(await analysed(admin, corrupt)).toMatchObject({ state: 'failed', colours: [] });
    const skipped = await analysed(admin, huge);
    expect(skipped.state).toBe('skipped');
    expect(skipped.reason).toMatch(/20000 × 20000/);
    expect((await analysed(admin, after)).state).toBe('done');
  });

  it('runs again when a new version arrives', async () => {
    const id = await upload(folder, 'versioned.png', await solid('#0000c0'), 'image/png');
    const before = await analysed(admin, id);
    const green = await solid('#00c000');
    const form = multipart({ asset_id: String(id) }, [
      { field: 'file', name: 'v2.png', type: 'image/png', data: green },
    ]);
    expect((await admin.form('POST', '/api/ops/asset/version/new', form)).statusCode).toBe(201);
    const after = await analysed(admin, id);
    expect(after.colours[0].hex).not.toBe(before.colours[0].hex);
    expect(parseInt(after.colours[0].hex.slice(3, 5), 16)).toBeGreaterThan(150);
  });

  it('backfills a brand with progress, audited, for brand managers only', async () => {
    const id = await upload(folder, 'backfilled.jpg', await picture(13));
    await analysed(admin, id);
    await t.built.handle.db.deleteFrom('asset_visuals').where('brand_id', '=', brand.id).execute();
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect((await member.client.post(`/api/ops/brand/${brand.id}/visuals/backfill`)).statusCode).toBe(403);
    const r = await admin.post(`/api/ops/brand/${brand.id}/visuals/backfill`);
    expect(r.statusCode).toBe(202);
    expect(r.json().total).toBeGreaterThan(5);
    let job: { status: string; progress: { done: number; of: number } | null } = { status: 'queued', progress: null };
    await until('the backfill to finish', async () => {
      const answer = (await admin.get(`/api/jobs/${r.json().job_id}`)).json();
      job = answer.job ?? answer;
      return job.status === 'done';
    });
    expect(job.status).toBe('done');
    expect(job.progress).toEqual({ done: r.json().total, of: r.json().total });
    expect((await admin.get(`/api/ops/asset/${id}/visuals`)).json().visuals.state).toBe('done');
    const audit = (await admin.get(`/api/ops/audit/all?event=visuals.backfill`)).json();
    expect(JSON.stringify(audit)).toContain('visuals.backfill');
  });
});
