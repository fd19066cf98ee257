import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: number;
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = (await makeBrand(admin, 'Invite Brand')).id;
  await admin.put('/api/ops/setup/organisation', { name: 'Acme' });
});
afterAll(() => t.close());

const linkIn = (to: string) =>
  new URL(
    t
      .mails(to)
      .flatMap((m) => m.links)
      .find((l) => l.includes('/password/reset'))!,
  );

describe('inviting a user by e-mail', () => {
  it('makes an active user with the role and brand, who sets their password from the mail', async () => {
    const email = 'Ana.Garcia@Example.com';
    const r = await admin.post('/api/ops/users/invite', { email, roles: ['member'], brands: [brand], lang: 'es' });
    expect(r.statusCode).toBe(201);
    const user = r.json().user;
    expect(user).toMatchObject({
      email: 'ana.garcia@example.com',
      first_name: 'ana.garcia',
      last_name: '',
      lang: 'es',
      status: 'ACTIVE',
      verified_at: null,
      roles: [{ name: 'member' }],
      brands: [{ id: brand, name: 'Invite Brand' }],
    });

    await t.mailSettled();
    const [mail] = t.mails('ana.garcia@example.com');
    expect(mail!.subject).toContain('Acme');
    expect(mail!.text).toContain('Admin User');
    const url = linkIn('ana.garcia@example.com');
    const token = url.searchParams.get('token')!;
    const anon = t.client();
    const set = await anon.post('/api/auth/reset-password', {
      token,
      email: 'ana.garcia@example.com',
      password: 'chosen-pass-1',
      password_confirmation: 'chosen-pass-1',
    });
    expect(set.statusCode).toBe(200);
    const me = await t.client().login('ana.garcia@example.com', 'chosen-pass-1');
    expect(me.session_user.verified_at).toEqual(expect.any(String));

    const [entry] = await t.built.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event', '=', 'user.invite')
      .execute();
    const details = JSON.parse(entry!.details);
    expect(details.target).toMatchObject({ type: 'user', id: user.id });
    expect(details.changes.roles).toEqual({ before: null, after: ['member'] });
    expect(JSON.stringify(details)).not.toContain(token);
  });

  it('answers 422 under the field for a taken or malformed address, and an unknown brand', async () => {
    const taken = await admin.post('/api/ops/users/invite', { email: 'admin@example.com', roles: ['member'] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error.fields).toHaveProperty('email');
    const bad = await admin.post('/api/ops/users/invite', { email: 'not-an-address', roles: ['member'] });
    expect(bad.json().error.fields).toHaveProperty('email');
    const noRole = await admin.post('/api/ops/users/invite', { email: 'x@example.com', roles: [] });
    expect(noRole.json().error.fields).toHaveProperty('roles');
    const brandless = await admin.post('/api/ops/users/invite', {
      email: 'y@example.com',
      roles: ['member'],
      brands: [999999],
    });
    expect(brandless.json().error.fields).toHaveProperty('brands');
  });

  it('is refused to someone who may not manage users', async () => {
    const { client } = await makeUser(t, admin, { roles: ['member'], brands: [brand] });
    const r = await client.post('/api/ops/users/invite', { email: 'z@example.com', roles: ['guest'] });
    expect(r.statusCode).toBe(403);
  });
});
