import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

let t: TestApp;
let admin: Client;
let anon: Client;
let brandA: { id: number; root: number };
let brandB: { id: number; root: number };
let pub: number;
const ids: Record<string, number> = {};
let owner: { client: Client; id: number; email: string };
let guest: { client: Client; id: number; email: string };
let outsider: { client: Client; id: number; email: string };

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function assets(keys: string[]) {
  const db = t.built.handle.db;
  await insertAssets(
    db,
    keys.map((k) =>
      assetRow(brandA.id, pub, `${k}-share`, {
        thumb_key: `derivatives/share/${k}/thumb.png`,
        preview_key: `derivatives/share/${k}/preview.png`,
        blob_key: `originals/share/${k}`,
      }),
    ),
  );
  for (const k of keys) {
    ids[k] = (
      await db.selectFrom('assets').select('id').where('name', '=', `${k}-share.jpg`).executeTakeFirstOrThrow()
    ).id;
    await t.built.storage.put(`derivatives/share/${k}/thumb.png`, PNG);
    await t.built.storage.put(`derivatives/share/${k}/preview.png`, PNG);
    await t.built.storage.put(`originals/share/${k}`, Buffer.alloc(1000, 7));
  }
}

async function collection(c: Client, keys: string[], name = `Shared ${Math.random().toString(36).slice(2, 7)}`) {
  const r = await c.post('/api/ops/collection/new', { name, asset_ids: keys.map((k) => ids[k]) });
  expect(r.statusCode).toBe(201);
  return r.json().collection.id as number;
}

type Link = { id: number; link: string; token: string; col: number };
async function share(c: Client, col: number, body: Record<string, unknown>): Promise<Link> {
  const r = await c.post(`/api/ops/collection/${col}/share`, body);
  expect(r.statusCode, r.body).toBe(201);
  const l = r.json().share_link;
  return { id: l.id, link: l.link, token: l.link.split('/').at(-1), col };
}
const base = (l: Link) => `/api/ops/collection/${l.col}/shared/${l.token}`;
const pub_ = (l: Link) => anon.get(`${base(l)}/public/view`);
const file = (l: Link, key: string, kind: string, pass?: string) =>
  anon.get(`${base(l)}/asset/${ids[key]}/${kind}${pass ? `?pass=${encodeURIComponent(pass)}` : ''}`);

const entries = async (event: string) =>
  (await admin.get(`/api/ops/audit/all?event=${event}&per_page=50`)).json().items as {
    user: { id: number } | null;
    target: { type: string; id: number } | null;
    info: Record<string, unknown> | null;
  }[];

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  anon = t.client();
  brandA = await makeBrand(admin, 'Share A');
  brandB = await makeBrand(admin, 'Share B');
  pub = await makeFolder(admin, brandA.id, 'Shared stuff');
  await assets(['a1', 'a2', 'a3']);
  owner = await makeUser(t, admin, { roles: ['member'], brands: [brandA.id] });
  guest = await makeUser(t, admin, { roles: ['guest'], brands: [brandA.id], lang: 'es' });
  outsider = await makeUser(t, admin, { roles: ['member'], brands: [brandB.id] });
});
afterAll(() => t.close());

describe('share links', () => {
  it('anyone with the link: opens signed out with the collection only, defaults 7 days and downloads', async () => {
    const col = await collection(owner.client, ['a1', 'a2']);
    await collection(owner.client, ['a3'], 'Not shared');
    const l = await share(owner.client, col, { audience: 'anyone', message: 'For the launch' });
    const made = (await owner.client.get(`/api/ops/collection/${col}/share/list`)).json().items[0];
    expect(made).toMatchObject({ audience: 'anyone', allow_download: true, has_password: false, state: 'active' });
    const days = (Date.parse(made.expires_at) - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const r = await pub_(l);
    expect(r.statusCode).toBe(200);
    const v = r.json();
    expect(Object.keys(v).sort()).toEqual([
      'allow_download',
      'assets',
      'brand',
      'collection',
      'expires_at',
      'message',
      'shared_by',
      'zip_terms',
      'zip_url',
    ]);
    expect(v.collection).toEqual({ id: col, name: expect.any(String), asset_count: 2 });
    expect(v.message).toBe('For the launch');
    expect(v.assets.items.map((a: { id: number }) => a.id).sort()).toEqual([ids.a1, ids.a2].sort());
    expect(r.body).not.toContain(owner.email);
    expect(r.body).not.toContain('folder');
    expect(r.body).not.toContain('/api/media/');
    const a = v.assets.items[0];
    for (const u of [a.thumbnail_url, a.preview_url, a.download_url]) expect((await anon.get(u)).statusCode).toBe(200);
    // Signed in, the same link answers on /view too.
    expect((await outsider.client.get(`${base(l)}/view`)).statusCode).toBe(200);
    // An asset not in the collection is not reachable through it.
    expect((await file(l, 'a3', 'thumbnail')).statusCode).toBe(404);
    const e = (await entries('share_link.create')).find((x) => x.target?.id === l.id);
    expect(e).toMatchObject({ user: { id: owner.id }, info: { collection_id: col, audience: 'anyone' } });
  });

  it('all app users: any signed-in user, never signed out; a signed-in viewer uses the link’s rights', async () => {
    const col = await collection(owner.client, ['a1']);
    const l = await share(owner.client, col, { audience: 'app' });
    expect((await pub_(l)).statusCode).toBe(404);
    expect((await anon.get(`${base(l)}/view`)).statusCode).toBe(401);
    // A brand-B member cannot see brand A's assets, but the link shows them.
    const r = await outsider.client.get(`${base(l)}/view`);
    expect(r.statusCode).toBe(200);
    expect(r.json().assets.items.map((a: { id: number }) => a.id)).toEqual([ids.a1]);
    const thumb = r.json().assets.items[0].thumbnail_url as string;
    expect((await anon.get(thumb)).statusCode).toBe(200);
    // The file address is bound to the link: without its pass, nobody signed out gets it.
    expect((await file(l, 'a1', 'thumbnail')).statusCode).toBe(404);
  });

  it('specific users: only the chosen ones, mailed the link; a guest sees exactly the collection', async () => {
    const col = await collection(owner.client, ['a1', 'a2']);
    const l = await share(owner.client, col, { audience: 'users', user_ids: [guest.id], message: 'Mira esto' });
    const mail = t.mails(guest.email).at(-1)!;
    expect(mail.subject).toContain('compartió');
    expect(mail.links[0]).toBe(l.link);
    expect(mail.text).toContain('Mira esto');
    const r = await guest.client.get(`${base(l)}/view`);
    expect(r.statusCode).toBe(200);
    const v = r.json();
    expect(v.collection.id).toBe(col);
    expect(v.assets.items.map((a: { id: number }) => a.id).sort()).toEqual([ids.a1, ids.a2].sort());
    expect(r.body).not.toContain(owner.email);
    expect((await outsider.client.get(`${base(l)}/view`)).statusCode).toBe(404);
    expect((await pub_(l)).statusCode).toBe(404);
    const listed = (await owner.client.get(`/api/ops/collection/${col}/share/list`)).json().items[0];
    expect(listed.shared_to).toEqual([{ id: guest.id, name: expect.any(String) }]);
    // The guest finds it in the app too, with the path that opens it; nobody else does.
    const mine = (await guest.client.get('/api/ops/collection/shared/list')).json().items;
    expect(mine[0]).toMatchObject({ id: l.id, message: 'Mira esto', has_password: false });
    expect(`${new URL(l.link).pathname}`).toBe(mine[0].path);
    const others = (await outsider.client.get('/api/ops/collection/shared/list')).json().items;
    expect(others.map((x: { id: number }) => x.id)).not.toContain(l.id);
    await owner.client.post(`/api/ops/collection/${col}/share/${l.id}/revoke`);
    const after = (await guest.client.get('/api/ops/collection/shared/list')).json().items;
    expect(after.map((x: { id: number }) => x.id)).not.toContain(l.id);
    // Someone of another brand cannot be chosen by a brand-A member.
    const bad = await owner.client.post(`/api/ops/collection/${col}/share`, {
      audience: 'users',
      user_ids: [outsider.id],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.user_ids).toBeTruthy();
  });

  it('offers as recipients only active people of the owner’s brands, found by name or address', async () => {
    const col = await collection(owner.client, ['a1']);
    const at = `/api/ops/collection/${col}/share/recipients`;
    const all = (await owner.client.get(at)).json().items as { id: number; email: string }[];
    expect(all.map((u) => u.id)).toContain(guest.id);
    expect(all.map((u) => u.id)).not.toContain(outsider.id);
    expect(all.map((u) => u.id)).not.toContain(owner.id);
    const found = (await owner.client.get(`${at}?q=${encodeURIComponent(guest.email.split('@')[0]!)}`)).json().items;
    expect(found.map((u: { id: number }) => u.id)).toEqual([guest.id]);
    expect((await owner.client.get(`${at}?q=%25`)).json().items).toEqual([]);
    // LIKE's wildcards are searched literally, on SQLite too.
    const under = await makeUser(t, admin, { roles: ['guest'], brands: [brandA.id], email: 'ana_b@example.com' });
    const literal = (await owner.client.get(`${at}?q=ana_b`)).json().items;
    expect(literal.map((u: { id: number }) => u.id)).toEqual([under.id]);
    expect((await owner.client.get(`${at}?q=an__b`)).json().items).toEqual([]);
    expect((await outsider.client.get(at)).statusCode).toBe(404);
  });

  it('a password link refuses views, thumbnails, previews and originals until unlocked; wrong ones are limited', async () => {
    const col = await collection(owner.client, ['a1']);
    const l = await share(owner.client, col, { audience: 'anyone', password: 'open-sesame' });
    const locked = await pub_(l);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error.code).toBe('PASSWORD_REQUIRED');
    for (const kind of ['thumbnail', 'preview', 'original'])
      expect([403, 404]).toContain((await file(l, 'a1', kind)).statusCode);
    const wrong = await anon.post(`${base(l)}/unlock`, { password: 'nope' });
    expect(wrong.statusCode).toBe(422);
    const ok = await anon.post(`${base(l)}/unlock`, { password: 'open-sesame' });
    expect(ok.statusCode).toBe(200);
    const pass = ok.json().pass as string;
    const v = await anon.req('GET', `${base(l)}/public/view`, undefined, { headers: { 'x-share-pass': pass } });
    expect(v.statusCode).toBe(200);
    for (const kind of ['thumbnail', 'preview', 'original'])
      expect((await file(l, 'a1', kind, pass)).statusCode).toBe(200);
    // A pass of another link does not open this one.
    const other = await share(owner.client, col, { audience: 'anyone', password: 'open-sesame' });
    expect((await file(other, 'a1', 'thumbnail', pass)).statusCode).not.toBe(200);
    // Wrong passwords: limited per link (another address tries the same link).
    const elsewhere = t.client();
    elsewhere.ip = '10.0.0.9';
    for (let i = 0; i < 5; i += 1) await elsewhere.post(`${base(other)}/unlock`, { password: `bad-${i}` });
    const limited = await anon.post(`${base(other)}/unlock`, { password: 'open-sesame' });
    expect(limited.statusCode).toBe(429);
  });

  it('without download rights: previews and thumbnails, never originals', async () => {
    const col = await collection(owner.client, ['a2']);
    const l = await share(owner.client, col, { audience: 'anyone', allow_download: false });
    const v = (await pub_(l)).json();
    expect(v.allow_download).toBe(false);
    expect(v.assets.items[0].download_url).toBeNull();
    expect((await file(l, 'a2', 'preview')).statusCode).toBe(200);
    expect((await file(l, 'a2', 'thumbnail')).statusCode).toBe(200);
    expect((await file(l, 'a2', 'original')).statusCode).toBe(403);
  });

  it('downloads the whole collection as one zip through the link, and not without download rights', async () => {
    const col = await collection(owner.client, ['a1', 'a2']);
    const l = await share(owner.client, col, { audience: 'anyone' });
    const v = (await pub_(l)).json();
    const r = await anon.get(v.zip_url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    const dir = mkdtempSync(join(tmpdir(), 'bv-share-zip-'));
    try {
      writeFileSync(join(dir, 'all.zip'), r.rawPayload);
      const names = execFileSync('unzip', ['-Z1', join(dir, 'all.zip')], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(names).toHaveLength(2);
      expect(execFileSync('unzip', ['-tq', join(dir, 'all.zip')], { encoding: 'utf8' })).toMatch(/No errors/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const closed = await share(owner.client, col, { audience: 'anyone', allow_download: false });
    const cv = (await pub_(closed)).json();
    expect(cv.zip_url).toBeNull();
    expect((await anon.get(`${base(closed)}/zip`)).statusCode).toBe(403);
  });

  it('hands out originals only while the owner may download them', async () => {
    // A role of this test's own that sees and collects but does not download.
    const viewer = await makeUser(t, admin, { roles: ['guest'], brands: [brandA.id] });
    const db = t.built.handle.db;
    const role = await db
      .insertInto('roles')
      .values({ name: 'looker', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const perms = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', 'in', ['brand.view', 'collection.view'])
      .execute();
    await db
      .insertInto('role_permissions')
      .values(perms.map((p) => ({ role_id: role.id, permission_id: p.id })))
      .execute();
    await db.deleteFrom('user_roles').where('user_id', '=', viewer.id).execute();
    await db.insertInto('user_roles').values({ user_id: viewer.id, role_id: role.id }).execute();
    const col = await collection(viewer.client, ['a2']);
    const refused = await viewer.client.post(`/api/ops/collection/${col}/share`, { audience: 'anyone' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields.allow_download).toBeTruthy();
    const l = await share(viewer.client, col, { audience: 'anyone', allow_download: false });
    expect((await file(l, 'a2', 'original')).statusCode).toBe(403);
    // A link made while the owner could download stops handing out originals once they cannot.
    const dl = await share(owner.client, await collection(owner.client, ['a2']), { audience: 'anyone' });
    expect((await file(dl, 'a2', 'original')).statusCode).toBe(200);
    await db.updateTable('share_links').set({ owner_id: viewer.id }).where('id', '=', dl.id).execute();
    expect((await file(dl, 'a2', 'original')).statusCode).toBe(403);
    expect((await pub_(dl)).json().assets.items[0].download_url).toBeNull();
  });

  it('stores tokens only hashed and encrypted', async () => {
    const col = await collection(owner.client, ['a1']);
    const l = await share(owner.client, col, { audience: 'anyone' });
    expect(Buffer.from(l.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.built.handle.db.selectFrom('share_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(l.token);
    const row = rows.find((r) => r.id === l.id)!;
    expect(row.token_hash).not.toBe(l.token);
    // The owner can copy it again.
    const again = (await owner.client.get(`/api/ops/collection/${col}/share/list`)).json().items[0];
    expect(again.link).toBe(l.link);
  });

  it('revoking stops the link at once, a thumbnail address already handed out included', async () => {
    const col = await collection(owner.client, ['a1']);
    const l = await share(owner.client, col, { audience: 'anyone' });
    const thumb = (await pub_(l)).json().assets.items[0].thumbnail_url as string;
    expect((await anon.get(thumb)).statusCode).toBe(200);
    // Only the owner revokes through the collection's route.
    expect((await outsider.client.post(`/api/ops/collection/${col}/share/${l.id}/revoke`)).statusCode).toBe(404);
    const r = await owner.client.post(`/api/ops/collection/${col}/share/${l.id}/revoke`);
    expect(r.statusCode).toBe(200);
    expect(r.json().share_link.state).toBe('revoked');
    expect((await anon.get(thumb)).statusCode).toBe(404);
    const gone = await pub_(l);
    const unknown = await anon.get(`/api/ops/collection/${col}/shared/${'x'.repeat(43)}/public/view`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(unknown.body);
    // A malformed token is an unknown link too, not a validation error.
    const malformed = await anon.get(`/api/ops/collection/${col}/shared/${encodeURIComponent('<%>')}/public/view`);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toBe(unknown.body);
    const e = (await entries('share_link.revoke')).find((x) => x.target?.id === l.id);
    expect(e).toMatchObject({ user: { id: owner.id } });
  });

  it('counts views and downloads per link; share-link administrators list, filter, revoke and extend', async () => {
    const downloads = async () =>
      (await owner.client.put('/api/ops/asset/statistics', { brand_id: brandA.id })).json().downloads;
    const before = await downloads();
    const col = await collection(owner.client, ['a1']);
    const l = await share(owner.client, col, { audience: 'anyone' });
    // Two visitors (a view is counted once per visitor and hour, however often they open it).
    await pub_(l);
    await pub_(l);
    const second = t.client();
    second.ip = '10.0.0.20';
    await second.get(`${base(l)}/public/view`);
    await file(l, 'a1', 'original');
    await file(l, 'a1', 'thumbnail');
    // A player's range requests: served in parts, counted once (at the first byte).
    const ranged = (range: string) =>
      anon.req('GET', `${base(l)}/asset/${ids.a1}/original`, undefined, { headers: { range } });
    const head = await ranged('bytes=0-99');
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe('bytes 0-99/1000');
    expect((await ranged('bytes=100-199')).statusCode).toBe(206);
    const mine = (await owner.client.get(`/api/ops/collection/${col}/share/list`)).json().items[0];
    expect(mine).toMatchObject({ views: 2, downloads: 2 });
    // The asset's statistics count them too, as downloads through a link, each audited with it.
    const after = await downloads();
    expect(after.via_links - before.via_links).toBe(2);
    expect(after.by_kind.original - before.by_kind.original).toBe(2);
    const audited = (await entries('asset.download')).filter((x) => x.info?.share_link_id === l.id);
    expect(audited).toHaveLength(2);
    const manager = await makeUser(t, admin, { roles: ['manager'], brands: [brandA.id] });
    const all = (await manager.client.get(`/api/ops/share-link/all?created_by=${owner.id}&state=active`)).json();
    const row = all.items.find((x: { id: number }) => x.id === l.id);
    expect(row).toMatchObject({
      link: null,
      resource_name: expect.any(String),
      resource_type: 'collection',
      created_by: { id: owner.id },
      audience: 'anyone',
      has_password: false,
      views: 2,
      downloads: 2,
      state: 'active',
    });
    expect((await owner.client.get('/api/ops/share-link/all')).statusCode).toBe(403);
    const longer = await manager.client.patch(`/api/ops/share-link/${l.id}/update`, {
      expiry_unit: 'weeks',
      expiry_amount: 3,
    });
    expect(longer.statusCode).toBe(200);
    expect(Date.parse(longer.json().share_link.expires_at) - t.clock.now().getTime()).toBeGreaterThan(20 * 86_400_000);
    const revoked = await manager.client.patch(`/api/ops/share-link/${l.id}/update`, { revoke: true });
    expect(revoked.json().share_link.state).toBe('revoked');
    const filtered = (await manager.client.get('/api/ops/share-link/all?state=revoked')).json().items;
    expect(filtered.map((x: { id: number }) => x.id)).toContain(l.id);
    expect(filtered.every((x: { state: string }) => x.state === 'revoked')).toBe(true);
    expect((await entries('share_link.update')).some((x) => x.target?.id === l.id)).toBe(true);
  });

  it('answers 422 with field messages for bad settings, in the caller’s language', async () => {
    const col = await collection(owner.client, ['a1']);
    const at = `/api/ops/collection/${col}/share`;
    for (const body of [
      { audience: 'anyone', expiry_unit: 'days', expiry_amount: 0 },
      { audience: 'anyone', expiry_unit: 'hours', expiry_amount: -3 },
    ]) {
      const r = await owner.client.post(at, body);
      expect(r.statusCode).toBe(422);
      expect(r.json().error.fields.expiry_amount).toBeTruthy();
    }
    const unit = await owner.client.post(at, { audience: 'anyone', expiry_unit: 'months', expiry_amount: 1 });
    expect(unit.statusCode).toBe(422);
    expect(unit.json().error.fields.expiry_unit).toContain('never');
    const none = await owner.client.post(at, { audience: 'users', user_ids: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields.user_ids).toBe('Users is a required field');
    const gcol = await collection(guest.client, ['a1']);
    const es = await guest.client.post(`/api/ops/collection/${gcol}/share`, { audience: 'users' });
    expect(es.statusCode).toBe(422);
    expect(es.json().error.fields.user_ids).toBe('El campo Usuarios es obligatorio');
    // Someone else's collection: 404.
    expect((await outsider.client.post(at, { audience: 'anyone' })).statusCode).toBe(404);
  });

  it('a public link whose assets were all removed shows an empty list', async () => {
    await assets(['r1']);
    const col = await collection(owner.client, ['r1']);
    const l = await share(owner.client, col, { audience: 'anyone' });
    expect((await admin.put(`/api/ops/asset/${ids.r1}/status/change`)).statusCode).toBe(200);
    const r = await pub_(l);
    expect(r.statusCode).toBe(200);
    expect(r.json().assets).toMatchObject({ items: [], total: 0 });
    expect(r.json().collection.asset_count).toBe(0);
  });

  // Last: it moves the clock by weeks.
  it('expires by every unit with the clock; never does not; an expired link is a 404 like an unknown one', async () => {
    const col = await collection(owner.client, ['a1']);
    const units = ['minutes', 'hours', 'days', 'weeks'] as const;
    const links = Object.fromEntries(
      await Promise.all(
        units.map(async (u) => [
          u,
          await share(owner.client, col, { audience: 'anyone', expiry_unit: u, expiry_amount: 2 }),
        ]),
      ),
    ) as Record<(typeof units)[number], Link>;
    const never = await share(owner.client, col, { audience: 'anyone', expiry_unit: 'never' });
    const unknown = (await anon.get(`/api/ops/collection/${col}/shared/${'y'.repeat(43)}/public/view`)).body;
    const status = async () =>
      Object.fromEntries(await Promise.all(units.map(async (u) => [u, (await pub_(links[u])).statusCode])));
    t.clock.advance(60_000);
    expect(await status()).toEqual({ minutes: 200, hours: 200, days: 200, weeks: 200 });
    t.clock.advance(61_000);
    expect(await status()).toEqual({ minutes: 404, hours: 200, days: 200, weeks: 200 });
    expect((await pub_(links.minutes)).body).toBe(unknown);
    t.clock.advance(2 * 3_600_000);
    expect(await status()).toEqual({ minutes: 404, hours: 404, days: 200, weeks: 200 });
    t.clock.advance(2 * 86_400_000);
    expect(await status()).toEqual({ minutes: 404, hours: 404, days: 404, weeks: 200 });
    t.clock.advance(2 * 7 * 86_400_000);
    expect(await status()).toEqual({ minutes: 404, hours: 404, days: 404, weeks: 404 });
    t.clock.advance(52 * 7 * 86_400_000);
    expect((await pub_(never)).statusCode).toBe(200);
  });
});
