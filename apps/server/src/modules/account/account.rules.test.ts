import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const resetLink = (email: string) => {
  const found = t
    .mails(email)
    .flatMap((m) => m.links)
    .filter((l) => l.includes('/password/reset'))
    .pop();
  return new URL(found!).searchParams.get('token')!;
};

describe('new passwords', () => {
  it('need ten characters and must not be among the most common, with the reason in the field', async () => {
    const { client, email } = await makeUser(t, admin);
    const anon = t.client();
    const register = (password: string) =>
      anon.post('/api/auth/register', {
        first_name: 'P',
        last_name: 'Q',
        email: 'new-pw@example.com',
        password,
        password_confirmation: password,
      });
    expect((await register('nine-char')).json().error.fields.password).toBe('Password must be at least 10 characters');
    const common = await register('password123');
    expect(common.statusCode).toBe(422);
    expect(common.json().error.fields.password).toBe(
      'Password is one of the most common passwords: choose one that is harder to guess',
    );
    anon.lang = 'es';
    expect((await register('1234567890')).json().error.fields.password).toBe(
      'Contraseña es una de las contraseñas más comunes: elige una más difícil de adivinar',
    );

    const change = await client.patch('/api/auth/user/password/update', {
      current_password: 'password-123',
      password: 'qwertyuiop',
      password_confirmation: 'qwertyuiop',
    });
    expect(change.json().error.fields).toHaveProperty('password');
    await t.client().post('/api/auth/forgot-password', { email });
    const reset = await t.client().post('/api/auth/reset-password', {
      token: resetLink(email),
      email,
      password: 'Password123',
      password_confirmation: 'Password123',
    });
    expect(reset.json().error.fields).toHaveProperty('password');
    const created = await admin.post('/api/ops/users/create', {
      first_name: 'C',
      last_name: 'D',
      email: 'common-created@example.com',
      password: 'basketball',
      password_confirmation: 'basketball',
      roles: ['member'],
    });
    expect(created.json().error.fields).toHaveProperty('password');
    // None of the refused passwords changed anything.
    await t.client().login(email, 'password-123');
  });
});

describe('changing the e-mail address', () => {
  it('needs the current password, and tells the old address', async () => {
    const { client, email } = await makeUser(t, admin);
    const without = await client.patch('/api/auth/user/update', { email: 'moved@example.com' });
    expect(without.statusCode).toBe(422);
    expect(without.json().error.fields).toEqual({ current_password: 'Current password is a required field' });
    const wrong = await client.patch('/api/auth/user/update', {
      email: 'moved@example.com',
      current_password: 'not-my-password',
    });
    expect(wrong.json().error.code).toBe('WRONG_CURRENT_PASSWORD');
    expect((await client.get('/api/auth/me')).json().session_user.email).toBe(email);
    const ok = await client.patch('/api/auth/user/update', {
      email: 'moved@example.com',
      current_password: 'password-123',
    });
    expect(ok.statusCode).toBe(200);
    const told = t.mails(email).at(-1)!;
    expect(told.subject).toMatch(/Your e-mail address was changed/);
    expect(told.text).toContain('moved@example.com');
    // Other profile fields need no password.
    expect((await client.patch('/api/auth/user/update', { company: 'Acme' })).statusCode).toBe(200);
  });

  it('by an administrator also tells the old address', async () => {
    const { id, email } = await makeUser(t, admin);
    expect((await admin.patch(`/api/ops/users/${id}/edit`, { email: 'admin-moved@example.com' })).statusCode).toBe(200);
    expect(t.mails(email).at(-1)?.subject).toMatch(/Your e-mail address was changed/);
  });
});

describe('signed-out-only calls', () => {
  it('answer 403 to a signed-in caller', async () => {
    const { client, email } = await makeUser(t, admin);
    const calls: [string, unknown][] = [
      [
        '/api/auth/register',
        {
          first_name: 'A',
          last_name: 'B',
          email: 'x@example.com',
          password: 'a-fine-password',
          password_confirmation: 'a-fine-password',
        },
      ],
      ['/api/auth/forgot-password', { email }],
      [
        '/api/auth/reset-password',
        { token: 'x', email, password: 'a-fine-password', password_confirmation: 'a-fine-password' },
      ],
    ];
    for (const [url, body] of calls) {
      const r = await client.post(url, body);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().error.code).toBe('FORBIDDEN');
    }
    expect(t.mails('x@example.com')).toEqual([]);
  });
});

describe('two requests racing for one e-mail address', () => {
  it('create one account; the other sign-up is answered as a success, the other create with a 422', async () => {
    const body = {
      first_name: 'Race',
      last_name: 'Twice',
      email: 'race@example.com',
      password: 'a-fine-password',
      password_confirmation: 'a-fine-password',
    };
    const signups = await Promise.all(
      [1, 2, 3].map((i) =>
        t
          .client()
          .post('/api/auth/register', body)
          .then((r) => [i, r] as const),
      ),
    );
    expect(signups.map(([, r]) => r.statusCode)).toEqual([201, 201, 201]);
    const creates = await Promise.all(
      [1, 2, 3].map(() =>
        admin.post('/api/ops/users/create', { ...body, email: 'race2@example.com', roles: ['member'] }),
      ),
    );
    const codes = creates.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422]);
    for (const r of creates.filter((x) => x.statusCode === 422))
      expect(r.json().error.fields).toEqual({ email: 'Email has already been taken' });
    for (const email of ['race@example.com', 'race2@example.com'])
      expect((await admin.get(`/api/ops/users/all?search=${email}`)).json().total).toBe(1);
  });
});
