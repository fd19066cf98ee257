import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminClient, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const link = (t: TestApp, to: string, part: string) => {
  const found = t
    .mails(to)
    .flatMap((m) => m.links)
    .filter((l) => l.includes(part))
    .pop();
  if (!found) throw new Error(`no ${part} link for ${to}`);
  return new URL(found);
};

describe('sign-in', () => {
  it('answers with a token, the session user and the permissions, and never the password hash', async () => {
    const c = t.client();
    const r = await c.post('/api/login', { email: ADMIN.email, password: ADMIN.password });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    expect(body.session_user).toMatchObject({
      email: ADMIN.email,
      lang: 'en',
      status: 'ACTIVE',
      roles: [{ name: 'admin' }],
    });
    expect(body.session_user.user_settings.menu.map((m: { value: string }) => m.value)).toEqual([
      'dashboard',
      'home',
      'change_brand',
      'my_collections',
      'my_favorites',
      'admin',
    ]);
    expect(body.permissions).toContainEqual({ name: 'user.manage' });
    expect(r.body).not.toMatch(/password_hash|argon2/);
  });

  it('gives a new token at each login, and logout revokes only that token', async () => {
    const a = t.client();
    const b = t.client();
    await a.login(ADMIN.email, ADMIN.password);
    await b.login(ADMIN.email, ADMIN.password);
    expect(a.token).not.toBe(b.token);
    expect((await a.post('/api/logout')).statusCode).toBe(200);
    const after = await a.get('/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('You need Login first to before continue.');
    expect((await b.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers the same 422 for a wrong password and an unknown e-mail', async () => {
    const c = t.client();
    const wrong = await c.post('/api/login', { email: ADMIN.email, password: 'nope-nope' });
    c.ip = '10.0.0.2';
    const unknown = await c.post('/api/login', { email: 'ghost@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().error).toMatchObject({ code: 'WRONG_CREDENTIALS', message: 'Invalid Email or Password' });
  });

  it('locks an e-mail and IP for a minute after 5 failures, with Retry-After', async () => {
    const { email } = await makeUser(t, admin);
    const c = t.client();
    c.ip = '10.0.0.9';
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/login', { email, password: 'bad-password' })).statusCode).toBe(422);
    const locked = await c.post('/api/login', { email, password: 'password-123' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // From another address the account itself now asks for a second's pause (its slow-down).
    c.ip = '10.0.0.10';
    expect((await c.post('/api/login', { email, password: 'password-123' })).statusCode).toBe(429);
    t.clock.advance(1_100);
    expect((await c.post('/api/login', { email, password: 'password-123' })).statusCode).toBe(200);
    t.clock.advance(61_000);
    c.ip = '10.0.0.9';
    expect((await c.post('/api/login', { email, password: 'password-123' })).statusCode).toBe(200);
  });

  it('refuses an inactive account with 403 Account Error', async () => {
    const { email } = await makeUser(t, admin, { status: 'INACTIVE' });
    const r = await t.client().post('/api/login', { email, password: 'password-123' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error.code).toBe('ACCOUNT_ERROR');
  });
});

describe('XSRF', () => {
  it('refuses unsafe calls without the header, with a mismatching one, or with an unsigned cookie', async () => {
    const c = t.client();
    const none = await c.req('POST', '/api/login', { email: ADMIN.email, password: ADMIN.password }, { xsrf: false });
    expect(none.statusCode).toBe(419);
    expect(none.json().error.code).toBe('CSRF_MISMATCH');
    await c.csrf();
    const forged = await c.req(
      'POST',
      '/api/login',
      { email: ADMIN.email, password: ADMIN.password },
      {
        xsrf: false,
        headers: { cookie: 'XSRF-TOKEN=abc.def', 'x-xsrf-token': 'abc.def' },
      },
    );
    expect(forged.statusCode).toBe(419);
    const mismatch = await c.req(
      'POST',
      '/api/login',
      {},
      { xsrf: false, headers: { cookie: `XSRF-TOKEN=${c.xsrf}`, 'x-xsrf-token': 'other' } },
    );
    expect(mismatch.statusCode).toBe(419);
  });

  it('sets a readable XSRF-TOKEN cookie', async () => {
    const r = await t.client().csrf();
    expect(r.statusCode).toBe(204);
    const cookie = r.cookies.find((x) => x.name === 'XSRF-TOKEN');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
  });
});

describe('registration and e-mail verification', () => {
  const applicant = {
    first_name: 'Lucía',
    last_name: 'Pérez',
    email: 'lucia@example.com',
    password: 'lucia-pass-1',
    password_confirmation: 'lucia-pass-1',
    company: 'Acme',
  };

  it('creates an inactive account, mails the applicant and the administrators, and refuses login until approval', async () => {
    const c = t.client();
    const r = await c.post('/api/auth/register', applicant);
    expect(r.statusCode).toBe(201);
    expect(t.mails(applicant.email)[0]?.subject).toMatch(/Verify your e-mail/);
    expect(t.mails(ADMIN.email).some((m) => m.subject.includes('Lucía Pérez'))).toBe(true);
    const login = await c.post('/api/login', { email: applicant.email, password: applicant.password });
    expect(login.statusCode).toBe(403);
    // A second sign-up with the address answers as the first did, and tells the owner instead.
    const again = await c.post('/api/auth/register', applicant);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(r.body);
    expect(t.mails(applicant.email).at(-1)?.subject).toMatch(/Someone tried to register with your address/);
  });

  it('refuses a mismatching confirmation and unknown fields, in Spanish when asked', async () => {
    const c = t.client();
    c.lang = 'es-ES,es;q=0.9';
    const r = await c.post('/api/auth/register', {
      ...applicant,
      email: 'x@example.com',
      password_confirmation: 'other',
      role: 'admin',
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.message).toBe(
      'La información que proporcionaste no es válida, revísala e inténtalo de nuevo.',
    );
    expect(r.json().error.fields).toMatchObject({
      password_confirmation: 'Confirmación de contraseña debe coincidir con la contraseña',
      role: 'role no es un campo permitido',
    });
  });

  it('verifies with the signed link, and refuses a tampered or expired one', async () => {
    const url = link(t, applicant.email, '/email/verify');
    const q = Object.fromEntries(url.searchParams);
    const c = t.client();
    const tampered = await c.post('/api/auth/email/verify', { ...q, id: String(Number(q.id) + 1) });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().error.code).toBe('INVALID_VERIFICATION');
    expect((await c.post('/api/auth/email/verify', q)).statusCode).toBe(200);

    const { email, client } = await makeUser(t, admin);
    expect((await client.get('/api/auth/check/hasVerifiedEmail')).json()).toBe(false);
    expect((await client.post('/api/auth/email/verification-notification', {})).statusCode).toBe(202);
    const fresh = Object.fromEntries(link(t, email, '/email/verify').searchParams);
    t.clock.advance(25 * 3600_000);
    const expired = await c.post('/api/auth/email/verify', fresh);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.code).toBe('VERIFICATION_EXPIRED');
  });

  it('resends to an anonymous caller by e-mail without revealing whether it exists', async () => {
    const c = t.client();
    const before = t.mails(applicant.email).length;
    expect(
      (await c.post('/api/auth/email/verification-notification', { email: 'nobody@example.com' })).statusCode,
    ).toBe(202);
    expect((await c.post('/api/auth/email/verification-notification', { email: applicant.email })).statusCode).toBe(
      202,
    );
    // Already verified above: nothing new is sent.
    expect(t.mails(applicant.email).length).toBe(before);
  });

  it('answers the auth checks', async () => {
    const anon = t.client();
    expect((await anon.get('/api/auth/check/isAuth')).json()).toBe(false);
    expect((await anon.get('/api/auth/check/isGuest')).json()).toBe(true);
    expect((await anon.get('/api/auth/check/hasVerifiedEmail')).statusCode).toBe(401);
    expect((await admin.get('/api/auth/check/isAuth')).json()).toBe(true);
    expect((await admin.get('/api/auth/check/hasVerifiedEmail')).json()).toBe(true);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets a new password and signs the user out everywhere', async () => {
    const { email, client } = await makeUser(t, admin);
    const anon = t.client();
    const unknown = await anon.post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    const known = await anon.post('/api/auth/forgot-password', { email });
    // The same answer either way: the form does not tell who has an account.
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(t.mails('nobody@example.com')).toEqual([]);
    const token = link(t, email, '/password/reset').searchParams.get('token')!;
    const body = { token, email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' };
    // The page checks the link before showing its form; checking uses nothing up.
    const check = (b: object) => anon.post('/api/auth/reset-password/check', b);
    expect((await check({ token, email })).statusCode).toBe(200);
    expect((await check({ token, email: 'other@example.com' })).json().error.code).toBe('RESET_FAILED');
    expect((await check({ token: 'x', email })).statusCode).toBe(422);
    expect((await check({ token, email, password: 'p' })).json().error.fields).toEqual({
      password: 'password is not an allowed field',
    });
    expect((await anon.post('/api/auth/reset-password', body)).statusCode).toBe(200);
    expect((await check({ token, email })).json().error.code).toBe('RESET_FAILED');
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    await t.client().login(email, 'brand-new-pass');
    const reuse = await anon.post('/api/auth/reset-password', body);
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().error.code).toBe('RESET_FAILED');
  });

  it('refuses a link older than 60 minutes', async () => {
    const { email } = await makeUser(t, admin);
    const anon = t.client();
    await anon.post('/api/auth/forgot-password', { email });
    const token = link(t, email, '/password/reset').searchParams.get('token')!;
    t.clock.advance(61 * 60_000);
    expect((await anon.post('/api/auth/reset-password/check', { token, email })).statusCode).toBe(422);
    const r = await anon.post('/api/auth/reset-password', {
      token,
      email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(r.statusCode).toBe(422);
  });

  it('limits reset requests', async () => {
    const anon = t.client();
    anon.ip = '10.9.9.9';
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await anon.post('/api/auth/forgot-password', { email: ADMIN.email })).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('own profile', () => {
  it('updates exactly the allowed fields and refuses role, status or permissions', async () => {
    const { client } = await makeUser(t, admin);
    const ok = await client.patch('/api/auth/user/update', {
      first_name: 'Ana',
      company: 'Brand Co',
      menu_settings: [
        { order: 1, label: 'Home', value: 'home' },
        { order: 2, label: 'Dashboard', value: 'dashboard' },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().session_user).toMatchObject({ first_name: 'Ana', company: 'Brand Co' });
    expect(ok.json().session_user.user_settings.menu[0].value).toBe('home');
    for (const field of [
      { roles: ['admin'] },
      { status: 'ACTIVE' },
      { permissions: ['user.manage'] },
      { brands: [1] },
    ]) {
      const r = await client.patch('/api/auth/user/update', field);
      expect(r.statusCode).toBe(422);
      expect(Object.keys(r.json().error.fields)).toEqual(Object.keys(field));
    }
    expect((await client.get('/api/auth/me')).json().session_user.roles).toEqual([{ name: 'member' }]);
  });

  it('asks for verification again after an e-mail change, and speaks the user language', async () => {
    const { client } = await makeUser(t, admin);
    const r = await client.patch('/api/auth/user/update', {
      email: 'changed@example.com',
      lang: 'es',
      current_password: 'password-123',
    });
    expect(r.json().session_user).toMatchObject({ email: 'changed@example.com', verified_at: null, lang: 'es' });
    expect(t.mails('changed@example.com')[0]?.subject).toMatch(/Verifica tu correo/);
    client.lang = 'en';
    const bad = await client.patch('/api/auth/user/update', { first_name: '' });
    expect(bad.json().error.fields.first_name).toBe('El campo Nombre es obligatorio');
  });

  it('changes the password only with the right current password', async () => {
    const { client, email } = await makeUser(t, admin);
    const wrong = await client.patch('/api/auth/user/password/update', {
      current_password: 'nope',
      password: 'another-pass',
      password_confirmation: 'another-pass',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('WRONG_CURRENT_PASSWORD');
    const ok = await client.patch('/api/auth/user/password/update', {
      current_password: 'password-123',
      password: 'another-pass',
      password_confirmation: 'another-pass',
    });
    expect(ok.statusCode).toBe(200);
    await t.client().login(email, 'another-pass');
  });
});
