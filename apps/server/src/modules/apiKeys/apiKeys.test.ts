import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { uniquePng } from '../../../test/authzWorld.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let asset: number;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Keyed');
  folder = await makeFolder(admin, brand.id, 'Work', brand.root, 'PUBLIC');
  const form = multipart({}, [{ field: 'files', name: 'logo.png', type: 'image/png', data: await uniquePng() }]);
  const up = await admin.form('POST', `/api/ops/asset/${brand.id}/${folder}/new`, form);
  expect(up.statusCode, up.body).toBe(201);
  asset = up.json().results[0].asset_id;
});
afterAll(() => t.close());

const KEYS = '/api/account/api-keys';
const inDays = (d: number) => new Date(t.clock.now().getTime() + d * 86_400_000).toISOString();

/** A client that sends only the key, as a script would (no cookie, no XSRF header). */
function keyClient(secret: string) {
  const c = t.client();
  c.token = secret;
  return {
    get: (url: string) => c.req('GET', url, undefined, { xsrf: false }),
    post: (url: string, body?: unknown) => c.req('POST', url, body, { xsrf: false }),
    put: (url: string, body?: unknown) => c.req('PUT', url, body, { xsrf: false }),
  };
}

async function createKey(owner: Client, body: Record<string, unknown>) {
  const r = await owner.post(KEYS, { name: 'Script', expires_at: null, ...body });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { api_key: { id: number; last4: string; scopes: string[] }; secret: string };
}

const listAssets = (k: ReturnType<typeof keyClient>) => k.post(`/api/ops/asset/list/all/${brand.root}`, {});
const lastUsed = async (id: number) =>
  (await t.built.handle.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow())
    .last_used_at;

describe('API keys', () => {
  it('are shown once in a recognisable format, stored hashed, and list a brand with their scopes', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const made = await createKey(member.client, { name: 'Sync script', scopes: ['brand.view', 'asset.download'] });
    expect(made.secret).toMatch(/^bv_[A-Za-z0-9_-]{43}[0-9A-Za-z]{6}$/);
    expect(made.api_key).toMatchObject({ name: 'Sync script', last4: made.secret.slice(-4), state: 'active' });
    expect(made.api_key.scopes).toEqual(['asset.download', 'brand.view']);

    const listed = await member.client.get(KEYS);
    expect(listed.body).not.toContain(made.secret);
    expect(listed.json().items).toHaveLength(1);
    const stored = await t.built.handle.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(made.secret.slice(3, 40));

    const key = keyClient(made.secret);
    const found = await listAssets(key);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((a: { id: number }) => a.id)).toContain(asset);
    // Within the scopes only: the member may edit assets, the key may not.
    const me = (await key.get('/api/auth/me')).json();
    expect(me.permissions.map((p: { name: string }) => p.name)).toEqual(['asset.download', 'brand.view']);
    expect((await key.put(`/api/ops/asset/${asset}/edit`, { name: 'renamed' })).statusCode).toBe(403);

    const audit = await admin.get('/api/ops/audit/all?event=apiKey.create');
    expect(audit.json().items[0].target).toMatchObject({ type: 'api_key', id: made.api_key.id });
    expect(audit.body).not.toContain(made.secret);
  });

  it('need no XSRF header with a key, while a session without it is still refused', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const { secret } = await createKey(member.client, { scopes: ['brand.view'] });
    expect((await listAssets(keyClient(secret))).statusCode).toBe(200);
    const bare = t.client();
    bare.token = member.client.token;
    const r = await bare.req('POST', `/api/ops/asset/list/all/${brand.root}`, {}, { xsrf: false });
    expect(r.statusCode).toBe(419);
  });

  it('answer the same 401 when unknown, malformed, revoked or expired', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const revoked = await createKey(member.client, { scopes: ['brand.view'] });
    expect((await member.client.post(`${KEYS}/${revoked.api_key.id}/revoke`)).json().state).toBe('revoked');
    const expiring = await createKey(member.client, { scopes: ['brand.view'], expires_at: inDays(1) });
    expect((await keyClient(expiring.secret).get('/api/auth/me')).statusCode).toBe(200);
    t.clock.advance(2 * 86_400_000);

    const unknown = await t.client().get('/api/auth/me');
    const tries = {
      unknown: `bv_${'A'.repeat(43)}000000`,
      badChecksum: `${revoked.secret.slice(0, -6)}zzzzzz`,
      malformed: 'bv_short',
      revoked: revoked.secret,
      expired: expiring.secret,
    };
    for (const [why, secret] of Object.entries(tries)) {
      const r = await keyClient(secret).get('/api/auth/me');
      expect(r.statusCode, why).toBe(401);
      expect(r.body, why).toBe(unknown.body);
      // A write without the XSRF cookie: a refused key is still a 401, never a 419.
      const post = await listAssets(keyClient(secret));
      expect(post.statusCode, why).toBe(401);
      expect(post.body, why).toBe(unknown.body);
    }
    const states = (await member.client.get(KEYS)).json().items.map((k: { state: string }) => k.state);
    expect(states.sort()).toEqual(['expired', 'revoked']);
  });

  it("lose a permission the moment their owner's role does, and stop with a deactivated owner", async () => {
    const role = await admin.post('/api/ops/roles/create', {
      name: 'key-role',
      permissions: ['brand.view', 'asset.view', 'asset.download'],
    });
    expect(role.statusCode, role.body).toBe(201);
    const owner = await makeUser(t, admin, { roles: ['key-role'], brands: [brand.id] });
    const { secret } = await createKey(owner.client, { scopes: ['brand.view', 'asset.download'] });
    const key = keyClient(secret);
    expect((await listAssets(key)).statusCode).toBe(200);

    const demoted = await admin.patch(`/api/ops/roles/${role.json().id}/update`, { permissions: ['asset.view'] });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await listAssets(key)).statusCode).toBe(403);
    expect((await key.get('/api/auth/me')).json().permissions).toEqual([]);

    const off = await admin.patch(`/api/ops/users/${owner.id}/status/change`, { status: 'INACTIVE' });
    expect(off.statusCode, off.body).toBe(200);
    expect((await key.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('cannot make, rotate or list keys, sign out, change the password or emulate', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const made = await createKey(member.client, { scopes: ['brand.view'] });
    const key = keyClient(made.secret);
    const body = { name: 'Child', expires_at: null, scopes: ['brand.view'] };
    expect((await key.post(KEYS, body)).statusCode).toBe(403);
    expect((await key.post(`${KEYS}/${made.api_key.id}/rotate`)).statusCode).toBe(403);
    expect((await key.get(KEYS)).statusCode).toBe(403);
    expect((await key.post('/api/logout')).statusCode).toBe(403);

    // Even an administrator's key holding user.emulate does not emulate.
    const adminKey = keyClient((await createKey(admin, { scopes: ['user.emulate', 'user.view'] })).secret);
    expect((await adminKey.post(`/api/ops/users/${member.id}/switch`)).statusCode).toBe(403);
    expect((await adminKey.get('/api/ops/api-keys')).statusCode).toBe(403);
    // Nor does an administrator emulating the member leave a key of the member's behind.
    // (A session of its own: starting emulation ends the session it starts from.)
    const emulating = await (await adminClient(t)).post(`/api/ops/users/${member.id}/switch`);
    expect(emulating.statusCode, emulating.body).toBe(200);
    const asMember = t.client();
    asMember.token = emulating.json().token;
    expect((await asMember.post(KEYS, body)).statusCode).toBe(403);
    expect((await asMember.post(`${KEYS}/${made.api_key.id}/rotate`)).statusCode).toBe(404);
    expect((await key.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('refuse scopes the person does not hold and expiries in the past, naming them (422)', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const r = await member.client.post(KEYS, {
      name: 'Too much',
      expires_at: null,
      scopes: ['brand.view', 'user.manage'],
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.scopes).toContain('user.manage');
    expect((await member.client.patch('/api/auth/user/update', { lang: 'es' })).statusCode).toBe(200);
    const es = await member.client.post(KEYS, { name: 'Too much', expires_at: null, scopes: ['role.manage'] });
    expect(es.json().error.fields.scopes).toBe('Alcance contiene permisos que no tienes: role.manage');
    const past = await member.client.post(KEYS, { name: 'Old', expires_at: inDays(-1), scopes: ['brand.view'] });
    expect(past.statusCode).toBe(422);
    expect(Object.keys(past.json().error.fields)).toEqual(['expires_at']);
    expect((await member.client.get(KEYS)).json().items).toEqual([]);
  });

  it("of an administrator keep the admin role only with all of the owner's permissions", async () => {
    const narrow = keyClient((await createKey(admin, { scopes: ['brand.view'] })).secret);
    expect((await narrow.get('/api/ops/audit/all')).statusCode).toBe(403);
    // Administrators see every brand; a narrow key sees only brands its owner is assigned to.
    const brands = (await narrow.get('/api/ops/brand/list')).json().items.map((b: { id: number }) => b.id);
    expect(brands).not.toContain(brand.id);
    const held = (await admin.get('/api/auth/me')).json().permissions.map((p: { name: string }) => p.name);
    const full = keyClient((await createKey(admin, { scopes: held })).secret);
    expect((await full.get('/api/ops/audit/all')).statusCode).toBe(200);
    expect((await full.get('/api/ops/brand/list')).json().items.map((b: { id: number }) => b.id)).toContain(brand.id);
  });

  it('write their last use at most every 5 minutes', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const made = await createKey(member.client, { scopes: ['brand.view'] });
    const key = keyClient(made.secret);
    expect(await lastUsed(made.api_key.id)).toBeNull();
    await key.get('/api/auth/me');
    const first = await lastUsed(made.api_key.id);
    expect(first).not.toBeNull();
    t.clock.advance(60_000);
    await key.get('/api/auth/me');
    expect(await lastUsed(made.api_key.id)).toBe(first);
    t.clock.advance(5 * 60_000);
    await key.get('/api/auth/me');
    expect(await lastUsed(made.api_key.id)).not.toBe(first);
  });

  it('rotate to a new secret with the same settings, the old one stopping at once', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const made = await createKey(member.client, { name: 'Nightly', scopes: ['brand.view'], expires_at: inDays(30) });
    const r = await member.client.post(`${KEYS}/${made.api_key.id}/rotate`);
    expect(r.statusCode, r.body).toBe(201);
    const next = r.json();
    expect(next.secret).not.toBe(made.secret);
    expect(next.api_key).toMatchObject({ name: 'Nightly', scopes: ['brand.view'], state: 'active' });
    expect((await keyClient(made.secret).get('/api/auth/me')).statusCode).toBe(401);
    expect((await listAssets(keyClient(next.secret))).statusCode).toBe(200);
    // Someone else's key is not there to rotate or revoke.
    const other = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect((await other.client.post(`${KEYS}/${next.api_key.id}/rotate`)).statusCode).toBe(404);
    expect((await other.client.post(`${KEYS}/${next.api_key.id}/revoke`)).statusCode).toBe(404);
  });

  it("are listed for administrators with their owners, who revoke anyone's", async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const made = await createKey(member.client, { name: 'Leaked', scopes: ['brand.view'] });
    const all = await admin.get(`/api/ops/api-keys?user_id=${member.id}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().items).toMatchObject([{ id: made.api_key.id, owner: { id: member.id, email: member.email } }]);
    expect(all.body).not.toContain(made.secret);
    expect((await member.client.get('/api/ops/api-keys')).statusCode).toBe(403);

    const r = await admin.post(`/api/ops/api-keys/${made.api_key.id}/revoke`);
    expect(r.json().state).toBe('revoked');
    expect((await keyClient(made.secret).get('/api/auth/me')).statusCode).toBe(401);
    const active = (await admin.get(`/api/ops/api-keys?user_id=${member.id}&active=true`)).json();
    expect(active.items).toEqual([]);
    const audit = (await admin.get('/api/ops/audit/all?event=apiKey.revoke')).json().items;
    expect(audit[0]).toMatchObject({ target: { type: 'api_key', id: made.api_key.id } });
  });

  it('name the key in the audit entries of changes made with it', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const made = await createKey(member.client, { scopes: ['collection.view'] });
    const c = await keyClient(made.secret).post('/api/ops/collection/new', { name: 'From a script' });
    expect(c.statusCode, c.body).toBe(201);
    const row = await t.built.handle.db
      .selectFrom('audit_log')
      .select('details')
      .where('event', '=', 'collection.create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.details)).toMatchObject({ api_key_id: made.api_key.id });
  });
});
