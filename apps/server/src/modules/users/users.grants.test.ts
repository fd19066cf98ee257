import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '@brandvault/contract';
import { adminClient, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let A: number;
let B: number;
/** manager of brand A with user.manage; guest of brand A with user.manage (the probe's case). */
const who: Record<'admin' | 'manager' | 'guest', { client: Client; id: number }> = {} as never;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  A = (await makeBrand(admin, 'Grants Alpha')).id;
  B = (await makeBrand(admin, 'Grants Beta')).id;
  who.admin = { client: admin, id: (await admin.get('/api/auth/me')).json().session_user.id };
  who.manager = await makeUser(t, admin, { roles: ['manager'], permissions: ['user.manage'], brands: [A] });
  who.guest = await makeUser(t, admin, { roles: ['guest'], permissions: ['user.manage'], brands: [A] });
});
afterAll(() => t.close());

let n = 0;
const newUser = (over: Record<string, unknown>) => ({
  first_name: 'New',
  last_name: 'Person',
  email: `grant-${++n}@example.com`,
  password: 'a-fine-password',
  password_confirmation: 'a-fine-password',
  roles: ['member'],
  brands: [A],
  ...over,
});

/** A user made by the admin, to be edited by others. */
const target = async (over: Record<string, unknown> = {}) =>
  (await makeUser(t, admin, { roles: ['member'], brands: [A], ...over })).id;

/** Rows name brands as 'A' and 'B': the ids exist only once beforeAll has run. */
const brandsOf = (change: Record<string, unknown>) =>
  Array.isArray(change.brands)
    ? { ...change, brands: (change.brands as string[]).map((b) => (b === 'A' ? A : B)) }
    : change;

type Row = [actor: keyof typeof who, change: Record<string, unknown>, status: number, refused?: string];

describe('who may create whom', () => {
  const rows: Row[] = [
    ['manager', {}, 201],
    ['manager', { roles: ['admin'] }, 403, 'roles'],
    ['manager', { roles: ['member', 'admin'] }, 403, 'roles'],
    ['manager', { permissions: ['brand.manage'] }, 403, 'permissions'],
    ['manager', { permissions: ['role.manage'] }, 403, 'permissions'],
    ['manager', { permissions: ['role.view'] }, 403, 'permissions'],
    ['manager', { permissions: ['user.manage'] }, 201],
    ['manager', { roles: ['manager'] }, 201],
    ['manager', { brands: ['B'] }, 403, 'brands'],
    ['manager', { brands: ['A', 'B'] }, 403, 'brands'],
    ['manager', { brands: [] }, 403, 'brands'],
    // A guest with user.manage holds none of a member's permissions, so cannot hand them out.
    ['guest', {}, 403, 'roles'],
    ['guest', { roles: ['guest'] }, 201],
    ['guest', { roles: ['guest'], permissions: ['user.manage'] }, 201],
    ['guest', { roles: ['guest'], permissions: ['asset.create'] }, 403, 'permissions'],
    ['guest', { roles: ['guest'], permissions: ['brand.manage', 'user.manage', 'role.manage'] }, 403, 'permissions'],
    ['admin', { roles: ['admin'], permissions: ['role.manage'], brands: ['A', 'B'] }, 201],
  ];
  it.each(rows)('%s creating %j answers %i', async (actor, change, status, refused) => {
    const body = newUser(brandsOf(change));
    const r = await who[actor].client.post('/api/ops/users/create', body);
    expect(r.statusCode).toBe(status);
    if (refused) expect(Object.keys(r.json().error.fields)).toEqual([refused]);
    // A refused create leaves no account behind.
    const found = (await admin.get(`/api/ops/users/all?search=${body.email}`)).json().total;
    expect(found).toBe(status === 201 ? 1 : 0);
  });
});

describe('who may change whose grants', () => {
  type EditRow = [
    actor: keyof typeof who,
    on: 'self' | 'member' | 'admin' | 'bothBrands',
    Record<string, unknown>,
    number,
  ];
  const rows: EditRow[] = [
    ['manager', 'self', { roles: ['admin'] }, 403],
    ['manager', 'self', { roles: ['manager', 'member'] }, 403],
    ['manager', 'self', { permissions: ['user.manage', 'user.view'] }, 403],
    ['manager', 'self', { brands: ['A', 'B'] }, 403],
    ['manager', 'self', { first_name: 'Renamed' }, 200],
    ['manager', 'member', { roles: ['manager'] }, 200],
    ['manager', 'member', { roles: ['admin'] }, 403],
    ['manager', 'member', { permissions: ['user.manage'] }, 200],
    ['manager', 'member', { permissions: ['brand.manage'] }, 403],
    ['manager', 'member', { brands: ['A', 'B'] }, 403],
    ['manager', 'bothBrands', { brands: ['A'] }, 403],
    ['manager', 'bothBrands', { first_name: 'Kept' }, 200],
    ['manager', 'admin', { first_name: 'Nope' }, 403],
    ['guest', 'member', { permissions: ['asset.delete'] }, 403],
    ['guest', 'member', { roles: ['manager'] }, 403],
    ['guest', 'self', { permissions: ['user.manage', 'role.manage'] }, 403],
    ['admin', 'member', { roles: ['admin'], permissions: ['role.manage'], brands: ['A', 'B'] }, 200],
  ];
  it.each(rows)('%s editing %s with %j answers %i', async (actor, on, change, status) => {
    const id =
      on === 'self'
        ? who[actor].id
        : on === 'admin'
          ? await target({ roles: ['admin'] })
          : await target(on === 'bothBrands' ? { brands: [A, B] } : {});
    const before = (await admin.get(`/api/ops/users/${id}`)).json().user;
    const r = await who[actor].client.patch(`/api/ops/users/${id}/edit`, brandsOf(change));
    expect(r.statusCode).toBe(status);
    const after = (await admin.get(`/api/ops/users/${id}`)).json().user;
    // Refused: nothing at all changed.
    if (status !== 200) expect(after).toEqual(before);
  });

  it('never lets a non-admin deactivate, approve or unlock an administrator', async () => {
    const id = await target({ roles: ['admin'] });
    const m = who.manager.client;
    expect((await m.patch(`/api/ops/users/${id}/status/change`, { status: 'INACTIVE' })).statusCode).toBe(403);
    expect((await m.patch(`/api/ops/users/${id}/status/approve`)).statusCode).toBe(403);
    expect((await m.patch(`/api/ops/users/${id}/login/unlock`)).statusCode).toBe(403);
    const listed = (await m.get(`/api/ops/users/${id}`)).json().user;
    expect(listed.abilities).toEqual({ edit: false, change_status: false, unlock: false, photo: false });
  });
});

describe('what the create and edit screens offer', () => {
  it('offers each caller the roles and permissions it may grant, and no more', async () => {
    const all = (await admin.get('/api/ops/users/grantable')).json();
    expect(all).toEqual({ roles: [...ROLES], permissions: [...PERMISSIONS] });
    const manager = (await who.manager.client.get('/api/ops/users/grantable')).json();
    expect(manager.roles).toEqual(['manager', 'member', 'guest']);
    expect(manager.permissions).toEqual(
      PERMISSIONS.filter((p) => [...ROLE_PERMISSIONS.manager, 'user.manage'].includes(p)),
    );
    // A guest holding user.manage hands out a guest and what it holds itself, never a member.
    const guest = (await who.guest.client.get('/api/ops/users/grantable')).json();
    expect(guest.roles).toEqual(['guest']);
    expect(guest.permissions).toEqual(
      PERMISSIONS.filter((p) => [...ROLE_PERMISSIONS.guest, 'user.manage'].includes(p)),
    );
    for (const p of guest.permissions) {
      const r = await who.guest.client.post('/api/ops/users/create', newUser({ roles: ['guest'], permissions: [p] }));
      expect(r.statusCode, p).toBe(201);
    }
  });
});

describe('the user directory', () => {
  it('shows a non-admin only the users who share one of their brands', async () => {
    const inA = await target({ brands: [A] });
    const onlyB = await target({ brands: [B] });
    const m = who.manager.client;
    const ids = (await m.get('/api/ops/users/all?per_page=200')).json().items.map((u: { id: number }) => u.id);
    expect(ids).toContain(inA);
    expect(ids).toContain(who.manager.id);
    expect(ids).not.toContain(onlyB);
    expect((await m.get(`/api/ops/users/${onlyB}`)).statusCode).toBe(404);
    expect((await m.patch(`/api/ops/users/${onlyB}/edit`, { first_name: 'X' })).statusCode).toBe(404);
    expect((await m.patch(`/api/ops/users/${onlyB}/status/change`)).statusCode).toBe(404);
    const everyone = (await admin.get('/api/ops/users/all?per_page=200')).json().items.map((u: { id: number }) => u.id);
    expect(everyone).toEqual(expect.arrayContaining([inA, onlyB]));
  });
});

describe('roles made on the roles screen', () => {
  it('are given to users like the seeded ones, within the same grant rules; unknown names are a 422', async () => {
    const made = await admin.post('/api/ops/roles/create', {
      name: 'designer',
      permissions: ['brand.view', 'asset.view', 'asset.create'],
    });
    expect(made.statusCode, made.body).toBe(201);
    await admin.post('/api/ops/roles/create', { name: 'auditor', permissions: ['brand.view', 'brand.manage'] });

    expect((await admin.get('/api/ops/users/grantable')).json().roles).toEqual([...ROLES, 'designer', 'auditor']);
    // The manager holds everything a designer does, but not what an auditor does.
    expect((await who.manager.client.get('/api/ops/users/grantable')).json().roles).toContain('designer');
    expect((await who.manager.client.get('/api/ops/users/grantable')).json().roles).not.toContain('auditor');

    const r = await who.manager.client.post('/api/ops/users/create', newUser({ roles: ['designer'] }));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().user.roles.map((x: { name: string }) => x.name)).toEqual(['designer']);
    const listed = (await admin.get('/api/ops/users/all?role=designer')).json().items;
    expect(listed.map((u: { id: number }) => u.id)).toEqual([r.json().user.id]);

    const refused = await who.manager.client.post('/api/ops/users/create', newUser({ roles: ['auditor'] }));
    expect(refused.statusCode).toBe(403);
    const unknown = await admin.post('/api/ops/users/create', newUser({ roles: ['desinger'] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields.roles).toMatch(/names a role that does not exist/);
    const twice = await admin.post('/api/ops/users/create', newUser({ roles: ['member', 'member'] }));
    expect(twice.statusCode).toBe(422);
    expect((await admin.patch(`/api/ops/users/${await target()}/edit`, { roles: ['ghost'] })).statusCode).toBe(422);
  });
});
