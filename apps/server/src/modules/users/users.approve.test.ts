import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let A: number;
let B: number;
let manager: Client;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  A = (await makeBrand(admin, 'Approve Alpha')).id;
  B = (await makeBrand(admin, 'Approve Beta')).id;
  manager = (await makeUser(t, admin, { roles: ['manager'], permissions: ['user.manage'], brands: [A] })).client;
});
afterAll(() => t.close());

let n = 0;
/** A fresh registration, pending approval; answers its id and credentials. */
async function register() {
  const email = `applicant-${++n}@example.com`;
  const password = 'applicant-pass-1';
  const reg = { first_name: 'Ap', last_name: 'Plicant', email, password, password_confirmation: password };
  expect((await t.client().post('/api/auth/register', reg)).statusCode).toBe(201);
  const list = (await admin.get(`/api/ops/users/all?status=PENDING&search=${email}`)).json();
  return { id: list.items[0].id as number, email, password };
}
const approve = (c: Client, id: number, body?: unknown) => c.patch(`/api/ops/users/${id}/status/approve`, body);

describe('approving a registration with its role and brands', () => {
  it('grants the chosen role and brands with the approval, audited once, and mails the user', async () => {
    const u = await register();
    const r = await approve(admin, u.id, { roles: ['member'], brands: [B] });
    expect(r.statusCode).toBe(200);
    expect(r.json().user).toMatchObject({ status: 'ACTIVE', roles: [{ name: 'member' }], brands: [{ id: B }] });
    expect(t.mails(u.email).some((m) => m.subject.includes('Your account is ready'))).toBe(true);
    const audit = (await admin.get(`/api/ops/audit/all?event=user.approve&per_page=100`)).json();
    const entry = audit.items.find((e: { target: { id: number } }) => e.target.id === u.id);
    expect(entry.changes).toMatchObject({
      status: { after: 'ACTIVE' },
      roles: { before: ['guest'], after: ['member'] },
      brands: { before: [], after: [B] },
    });
    // The approved user sees the brand they were given.
    const c = t.client();
    await c.login(u.email, u.password);
    expect((await c.get('/api/ops/brand/list')).json().items.map((b: { id: number }) => b.id)).toEqual([B]);
  });

  it('still approves without a body, keeping what the user had', async () => {
    const u = await register();
    const r = await approve(admin, u.id);
    expect(r.json().user).toMatchObject({ status: 'ACTIVE', roles: [{ name: 'guest' }], brands: [] });
  });

  it.each([
    [{ roles: ['admin'], brands: [] as string[] }, 'roles'],
    [{ roles: ['member'], brands: ['B'] }, 'brands'],
  ])('refuses a non-admin granting %j, approving nothing', async (body, field) => {
    const u = await register();
    // A manager sees only the users of their brands: the applicant is placed in brand A first.
    expect((await admin.patch(`/api/ops/users/${u.id}/edit`, { brands: [A] })).statusCode).toBe(200);
    const brands = body.brands.map((b) => (b === 'B' ? B : A));
    const r = await approve(manager, u.id, { ...body, brands });
    expect(r.statusCode).toBe(403);
    expect(Object.keys(r.json().error.fields)).toEqual([field]);
    const after = (await admin.get(`/api/ops/users/${u.id}`)).json().user;
    expect(after).toMatchObject({ status: 'INACTIVE', approved_at: null, roles: [{ name: 'guest' }] });
    expect(t.mails(u.email).some((m) => m.subject.includes('Your account is ready'))).toBe(false);
  });

  it('lets a manager approve within their brand, and answers 422 for bad input', async () => {
    const u = await register();
    // An applicant with no brand is invisible to a manager: only an administrator approves them.
    expect((await approve(manager, u.id, { roles: ['member'], brands: [A] })).statusCode).toBe(404);
    await admin.patch(`/api/ops/users/${u.id}/edit`, { brands: [A] });
    expect((await approve(manager, u.id, { roles: ['member'], brands: [A] })).statusCode).toBe(200);
    const v = await register();
    const bad = await approve(admin, v.id, { roles: ['No pe!'], brands: ['x'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['brands.0', 'roles.0']);
    expect((await approve(admin, v.id, { roles: [] })).statusCode).toBe(422);
  });
});

describe('the users list filters', () => {
  it('filters by role and brand, combined with status', async () => {
    const m = await makeUser(t, admin, { roles: ['manager'], brands: [B] });
    const g = await makeUser(t, admin, { roles: ['guest'], brands: [B] });
    const ids = async (q: string) =>
      (await admin.get(`/api/ops/users/all?per_page=100&${q}`)).json().items.map((u: { id: number }) => u.id);
    const byBrand = await ids(`brand=${B}`);
    expect(byBrand).toEqual(expect.arrayContaining([m.id, g.id]));
    expect(await ids(`brand=${A}`)).not.toContain(m.id);
    const managersOfB = await ids(`brand=${B}&role=manager`);
    expect(managersOfB).toContain(m.id);
    expect(managersOfB).not.toContain(g.id);
    expect(await ids(`brand=${B}&role=guest&status=INACTIVE`)).not.toContain(g.id);
    expect((await admin.get('/api/ops/users/all?role=nope&brand=abc')).statusCode).toBe(422);
  });
});
