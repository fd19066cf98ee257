import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminClient, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brandA: number;
let brandB: number;

async function brand(name: string) {
  const now = new Date().toISOString();
  const r = await t.built.handle.db
    .insertInto('brands')
    .values({
      name,
      slug: name.toLowerCase(),
      status: 'ACTIVE',
      image_uri: null,
      logo_uri: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brandA = await brand('Alpha');
  brandB = await brand('Beta');
});
afterAll(() => t.close());

describe('users administration', () => {
  it('needs a signed-in caller with user.view', async () => {
    expect((await t.client().get('/api/ops/users/all')).statusCode).toBe(401);
    const { client } = await makeUser(t, admin, { roles: ['guest'] });
    const r = await client.get('/api/ops/users/all');
    expect(r.statusCode).toBe(403);
    expect(r.json().error.code).toBe('FORBIDDEN');
  });

  it('creates an active user who can sign in at once, with roles, permissions and brands', async () => {
    const { client, id } = await makeUser(t, admin, {
      roles: ['member'],
      brands: [brandA],
      permissions: ['user.view'],
    });
    const me = (await client.get('/api/auth/me')).json();
    expect(me.session_user.brands.map((b: { name: string }) => b.name)).toEqual(['Alpha']);
    expect(me.permissions).toContainEqual({ name: 'user.view' });
    expect(me.permissions).toContainEqual({ name: 'asset.create' });
    expect(me.permissions).not.toContainEqual({ name: 'user.manage' });
    // A direct permission opens the list but not the writes.
    const listed = (await client.get('/api/ops/users/all')).json().items;
    // Their own row: only their photo is theirs to change.
    expect(listed[0].abilities).toEqual({ edit: false, change_status: false, unlock: false, photo: true });
    expect((await client.patch(`/api/ops/users/${id}/status/change`, { status: 'INACTIVE' })).statusCode).toBe(403);
    const view = (await admin.get(`/api/ops/users/${id}`)).json().user;
    expect(view).toMatchObject({ status: 'ACTIVE', roles: [{ name: 'member' }], permissions: [{ name: 'user.view' }] });
    expect(view.brands).toEqual([{ id: brandA, name: 'Alpha' }]);
  });

  it('shows when each user last signed in, never counting an emulation', async () => {
    const r = await admin.post('/api/ops/users/create', {
      first_name: 'Lena',
      last_name: 'Login',
      email: 'lena.login@example.com',
      password: 'a-fine-password',
      password_confirmation: 'a-fine-password',
      roles: ['member'],
      brands: [brandA],
    });
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().user.id as number;
    expect(r.json().user.last_login_at).toBeNull();
    const lena = t.client();
    await lena.login('lena.login@example.com', 'a-fine-password');
    const first = (await admin.get(`/api/ops/users/${id}`)).json().user.last_login_at;
    expect(first).toEqual(expect.any(String));
    // Emulating is not the user signing in (a fresh admin session: emulating replaces its token).
    const emulator = await adminClient(t);
    const adminId = (await emulator.get('/api/auth/me')).json().session_user.id as number;
    const started = await emulator.post(`/api/ops/users/${id}/switch`);
    expect(started.statusCode).toBe(200);
    emulator.token = started.json().token;
    expect((await emulator.post(`/api/ops/users/${adminId}/switch/end`)).statusCode).toBe(200);
    expect((await admin.get(`/api/ops/users/${id}`)).json().user.last_login_at).toBe(first);
  });

  it('refuses a duplicate e-mail, an unknown brand or role, and a weak password', async () => {
    const base = {
      first_name: 'A',
      last_name: 'B',
      password: 'password-123',
      password_confirmation: 'password-123',
      roles: ['member'],
    };
    const dup = await admin.post('/api/ops/users/create', { ...base, email: ADMIN.email });
    expect(dup.json().error.fields).toEqual({ email: 'Email has already been taken' });
    const badBrand = await admin.post('/api/ops/users/create', { ...base, email: 'nb@example.com', brands: [99999] });
    expect(badBrand.statusCode).toBe(422);
    expect(badBrand.json().error.fields).toHaveProperty('brands');
    const badRole = await admin.post('/api/ops/users/create', { ...base, email: 'nr@example.com', roles: ['owner'] });
    expect(badRole.statusCode).toBe(422);
    const weak = await admin.post('/api/ops/users/create', {
      ...base,
      email: 'nw@example.com',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(weak.json().error.fields.password).toBe('Password must be at least 10 characters');
    expect((await admin.get('/api/ops/users/all?search=nb@example.com')).json().total).toBe(0);
  });

  it('lists with search, status filter and pagination', async () => {
    for (let i = 0; i < 3; i++) await makeUser(t, admin, { first_name: 'Zebedee' });
    const r = (await admin.get('/api/ops/users/all?search=zebedee&per_page=2&page=2')).json();
    expect(r).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(r.items).toHaveLength(1);
    const all = (await admin.get('/api/ops/users/all')).json();
    expect(all.per_page).toBe(20);
    expect(all.total).toBeGreaterThan(3);
    expect((await admin.get('/api/ops/users/all?page=0')).statusCode).toBe(422);
    expect((await admin.get('/api/ops/users/99999')).statusCode).toBe(404);
  });

  it('edits roles, permissions and brands, and refuses other fields', async () => {
    const { client, id } = await makeUser(t, admin, { brands: [brandA] });
    const r = await admin.patch(`/api/ops/users/${id}/edit`, {
      roles: ['guest'],
      brands: [brandB],
      permissions: ['asset.delete'],
    });
    expect(r.statusCode).toBe(200);
    const me = (await client.get('/api/auth/me')).json();
    expect(me.session_user.roles).toEqual([{ name: 'guest' }]);
    expect(me.session_user.brands.map((b: { id: number }) => b.id)).toEqual([brandB]);
    expect(me.permissions).toContainEqual({ name: 'asset.delete' });
    expect(me.permissions).not.toContainEqual({ name: 'content.private' });
    expect((await admin.patch(`/api/ops/users/${id}/edit`, { password_hash: 'x' })).statusCode).toBe(422);
  });

  it('applies a change of roles or permissions from the very next request of a signed-in user', async () => {
    const { client, id } = await makeUser(t, admin, { roles: ['guest'], brands: [brandA] });
    const perms = async () =>
      ((await client.get('/api/auth/me')).json().permissions as { name: string }[]).map((p) => p.name);
    expect(await perms()).not.toContain('user.view');
    expect((await client.get('/api/ops/users/all')).statusCode).toBe(403);
    await admin.patch(`/api/ops/users/${id}/edit`, { roles: ['manager'] });
    expect(await perms()).toContain('user.view');
    expect((await client.get('/api/ops/users/all')).statusCode).toBe(200);
    // A role's own permissions (no API edits them yet): the next request follows the database.
    const db = t.built.handle.db;
    const manager = await db.selectFrom('roles').select('id').where('name', '=', 'manager').executeTakeFirstOrThrow();
    const userView = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'user.view')
      .executeTakeFirstOrThrow();
    const link = { role_id: manager.id, permission_id: userView.id };
    await db
      .deleteFrom('role_permissions')
      .where('role_id', '=', link.role_id)
      .where('permission_id', '=', link.permission_id)
      .execute();
    try {
      expect((await client.get('/api/ops/users/all')).statusCode).toBe(403);
    } finally {
      await db.insertInto('role_permissions').values(link).execute();
    }
    expect((await client.get('/api/ops/users/all')).statusCode).toBe(200);
  });

  it('deactivating signs the user out at once; activating lets them back in', async () => {
    const { client, id, email } = await makeUser(t, admin);
    const off = await admin.patch(`/api/ops/users/${id}/status/change`, { status: 'INACTIVE' });
    expect(off.json().user.status).toBe('INACTIVE');
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.client().post('/api/login', { email, password: 'password-123' })).statusCode).toBe(403);
    const toggled = await admin.patch(`/api/ops/users/${id}/status/change`);
    expect(toggled.json().user.status).toBe('ACTIVE');
    await t.client().login(email, 'password-123');
  });

  it('changes the status from the edit screen as the status change does: signed out, audited apart', async () => {
    const { client, id } = await makeUser(t, admin, { brands: [brandA] });
    const r = await admin.patch(`/api/ops/users/${id}/edit`, { status: 'INACTIVE', lang: 'es', brands: [brandB] });
    expect(r.json().user).toMatchObject({ status: 'INACTIVE', lang: 'es', brands: [{ id: brandB }] });
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const entries = async (event: string) =>
      (await admin.get(`/api/ops/audit/all?event=${event}&per_page=100`))
        .json()
        .items.filter((e: { target: { id: number } }) => e.target.id === id);
    expect((await entries('user.status'))[0].changes).toEqual({ status: { before: 'ACTIVE', after: 'INACTIVE' } });
    expect((await entries('user.update'))[0].changes).toEqual({ lang: { before: 'en', after: 'es' } });
    expect((await entries('user.grants'))[0].changes).toEqual({ brands: { before: [brandA], after: [brandB] } });
    const bad = await admin.patch(`/api/ops/users/${id}/edit`, { status: 'PENDING' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(['status']);
  });

  it('approves a registration and tells the applicant', async () => {
    const anon = t.client();
    const reg = {
      first_name: 'New',
      last_name: 'Person',
      email: 'new.person@example.com',
      password: 'new-person-1',
      password_confirmation: 'new-person-1',
    };
    expect((await anon.post('/api/auth/register', reg)).statusCode).toBe(201);
    const pending = (await admin.get('/api/ops/users/all?status=PENDING')).json();
    const row = pending.items.find((u: { email: string }) => u.email === reg.email);
    expect(row).toMatchObject({ status: 'INACTIVE', approved_at: null, roles: [{ name: 'guest' }] });
    const ok = await admin.patch(`/api/ops/users/${row.id}/status/approve`);
    expect(ok.json().user.status).toBe('ACTIVE');
    expect(t.mails(reg.email).some((m) => m.subject.includes('Your account is ready'))).toBe(true);
    await anon.login(reg.email, reg.password);
  });

  it('does not let an administrator lock themselves out', async () => {
    const me = (await admin.get('/api/auth/me')).json().session_user;
    const own = (await admin.get(`/api/ops/users/${me.id}`)).json().user;
    expect(own.abilities).toEqual({ edit: true, change_status: false, unlock: false, photo: true });
    expect((await admin.patch(`/api/ops/users/${me.id}/status/change`, { status: 'INACTIVE' })).statusCode).toBe(403);
    // Nor through the edit screen's status field.
    const edited = await admin.patch(`/api/ops/users/${me.id}/edit`, { status: 'INACTIVE' });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().error.fields).toEqual({ status: 'Status of your own account cannot be changed' });
    expect((await admin.patch(`/api/ops/users/${me.id}/edit`, { status: 'ACTIVE' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/ops/users/${me.id}/edit`, { roles: ['member'] })).statusCode).toBe(422);
  });
});

describe('brands of the caller', () => {
  it('lists assigned brands for members and every brand for administrators', async () => {
    const { client } = await makeUser(t, admin, { brands: [brandB] });
    expect((await client.get('/api/ops/brand/list')).json().items.map((b: { name: string }) => b.name)).toEqual([
      'Beta',
    ]);
    const all = (await admin.get('/api/ops/brand/list')).json().items.map((b: { name: string }) => b.name);
    expect(all).toEqual(expect.arrayContaining(['Alpha', 'Beta']));
  });
});
