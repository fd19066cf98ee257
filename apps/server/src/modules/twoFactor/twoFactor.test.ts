import type { AddressInfo } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

/** A real SMTP server on loopback that keeps every message it is given. */
async function smtpServer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((a) => a.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof smtpServer>>;
let t: TestApp;
let admin: Client;
let ipSeq = 10;

beforeAll(async () => {
  smtp = await smtpServer();
  t = await startApp({ SMTP_URL: smtp.url });
  admin = await adminClient(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const STEP = 30_000;
/** The code an authenticator app shows `steps` time steps from the app's clock. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: t.clock.now().getTime() + steps * STEP,
  });
/** Moves the clock to 5 s into the next time step, so no test crosses a step by accident. */
const nextStep = () => t.clock.advance(STEP - (t.clock.now().getTime() % STEP) + 5_000);

/** A caller from an address of its own, so the per-address limit of one test is not another's. */
function caller() {
  const c = t.client();
  c.ip = `10.0.0.${(ipSeq += 1)}`;
  return c;
}

async function enrol(c: Client) {
  const setup = await c.post('/api/auth/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirmed = await c.post('/api/auth/two-factor/confirm', { code: codeOf(secret) });
  expect(confirmed.statusCode).toBe(200);
  nextStep();
  return { secret: secret as string, recovery: confirmed.json().recovery_codes as string[] };
}

async function passwordStep(email: string, password = 'password-123') {
  const c = caller();
  const r = await c.post('/api/login', { email, password });
  expect(r.statusCode).toBe(200);
  return { c, answer: r.json() };
}

const audits = async (event: string) =>
  (await admin.get(`/api/ops/audit/all?event=${event}&per_page=50`)).json().items as Record<string, unknown>[];

describe('turning two-factor on', () => {
  it('shows the secret and QR once, enables with a code and answers 10 recovery codes once', async () => {
    const m = await makeUser(t, admin);
    nextStep();
    expect((await m.client.get('/api/auth/two-factor')).json()).toMatchObject({ enabled: false, required: false });
    const setup = (await m.client.post('/api/auth/two-factor/setup')).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain('otpauth://totp/');
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // Not on until a code confirms it: the password alone still signs in.
    expect((await passwordStep(m.email)).answer.token).toBeTruthy();

    const wrong = await m.client.post('/api/auth/two-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.code).toMatch(/not the current code/);
    const bad = await m.client.post('/api/auth/two-factor/confirm', { code: '12ab' });
    expect(bad.statusCode).toBe(422);

    const ok = await m.client.post('/api/auth/two-factor/confirm', { code: codeOf(setup.secret) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const status = (await m.client.get('/api/auth/two-factor')).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(JSON.stringify(status)).not.toContain(setup.secret);
    // Once on, a second set-up is refused (turn it off first).
    expect((await m.client.post('/api/auth/two-factor/setup')).statusCode).toBe(422);

    const entries = await audits('auth.two_factor_enable');
    expect(entries.some((e) => (e.user as { id: number } | null)?.id === m.id)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(setup.secret);
    expect(JSON.stringify(entries)).not.toContain(codes[0]);
  });
});

describe('signing in with a code', () => {
  it('asks for a code after the password, refuses a wrong one, and signs in with the right one', async () => {
    const m = await makeUser(t, admin);
    const { secret } = await enrol(m.client);
    const { c, answer } = await passwordStep(m.email);
    expect(answer).toEqual({ two_factor: 'code', challenge: expect.any(String) });
    // The challenge is no session.
    const asToken = await t.client().req('GET', '/api/auth/me', undefined, {
      headers: { authorization: `Bearer ${answer.challenge}` },
    });
    expect(asToken.statusCode).toBe(401);

    const wrong = await c.post('/api/login/two-factor', { challenge: answer.challenge, code: '123456' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.code).toBeTruthy();
    const forged = await c.post('/api/login/two-factor', { challenge: `${answer.challenge}x`, code: codeOf(secret) });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().error.fields.challenge).toMatch(/expired/);

    const ok = await c.post('/api/login/two-factor', { challenge: answer.challenge, code: codeOf(secret) });
    expect(ok.statusCode).toBe(200);
    c.token = ok.json().token;
    expect((await c.get('/api/auth/me')).json().session_user.email).toBe(m.email);
    expect(
      (await audits('auth.two_factor_failed')).some((e) => (e.info as { reason: string }).reason === 'wrong'),
    ).toBe(true);
  });

  it('never accepts the same code twice', async () => {
    const m = await makeUser(t, admin);
    const { secret } = await enrol(m.client);
    const code = codeOf(secret);
    const first = await passwordStep(m.email);
    expect((await first.c.post('/api/login/two-factor', { challenge: first.answer.challenge, code })).statusCode).toBe(
      200,
    );
    const again = await passwordStep(m.email);
    const replay = await again.c.post('/api/login/two-factor', { challenge: again.answer.challenge, code });
    expect(replay.statusCode).toBe(422);
    expect(
      (await audits('auth.two_factor_failed')).some((e) => (e.info as { reason: string }).reason === 'replayed'),
    ).toBe(true);
  });

  it('takes a code one step early or late, and refuses two steps off', async () => {
    const m = await makeUser(t, admin);
    const { secret } = await enrol(m.client);
    // One step past the code that turned it on, so the step before is one never used.
    nextStep();
    const { c, answer } = await passwordStep(m.email);
    const tryCode = (steps: number) =>
      c.post('/api/login/two-factor', { challenge: answer.challenge, code: codeOf(secret, steps) });
    expect((await tryCode(-2)).statusCode).toBe(422);
    expect((await tryCode(-1)).statusCode).toBe(200);
    expect((await tryCode(2)).statusCode).toBe(422);
    expect((await tryCode(1)).statusCode).toBe(200);
  });

  it('refuses a challenge once it expired or the password changed', async () => {
    const m = await makeUser(t, admin);
    const { secret } = await enrol(m.client);
    const late = await passwordStep(m.email);
    t.clock.advance(11 * 60_000);
    nextStep();
    const expired = await late.c.post('/api/login/two-factor', {
      challenge: late.answer.challenge,
      code: codeOf(secret),
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.fields.challenge).toMatch(/expired/);

    const before = await passwordStep(m.email);
    const changed = await m.client.patch('/api/auth/user/password/update', {
      current_password: 'password-123',
      password: 'password-456',
      password_confirmation: 'password-456',
    });
    expect(changed.statusCode).toBe(200);
    const stale = await before.c.post('/api/login/two-factor', {
      challenge: before.answer.challenge,
      code: codeOf(secret),
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.fields.challenge).toBeTruthy();
  });

  it('takes each recovery code once', async () => {
    const m = await makeUser(t, admin);
    const { recovery } = await enrol(m.client);
    const first = await passwordStep(m.email);
    const used = await first.c.post('/api/login/two-factor', {
      challenge: first.answer.challenge,
      recovery_code: recovery[3]!.toUpperCase().replace('-', ' '),
    });
    expect(used.statusCode).toBe(200);
    expect((await m.client.get('/api/auth/two-factor')).json().recovery_codes_left).toBe(9);
    const again = await passwordStep(m.email);
    const twice = await again.c.post('/api/login/two-factor', {
      challenge: again.answer.challenge,
      recovery_code: recovery[3],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.fields.recovery_code).toMatch(/unused recovery codes/);
    const left = (await audits('auth.two_factor_recovery_used')).find((e) => (e.user as { id: number }).id === m.id);
    expect(left?.info).toEqual({ left: 9 });
  });

  it('limits the codes tried for one account', async () => {
    const m = await makeUser(t, admin);
    const { secret } = await enrol(m.client);
    const { c, answer } = await passwordStep(m.email);
    for (let i = 0; i < 5; i += 1)
      expect((await c.post('/api/login/two-factor', { challenge: answer.challenge, code: '000000' })).statusCode).toBe(
        422,
      );
    // From another address too: the account's count is shared, and even the right code waits.
    const other = await passwordStep(m.email);
    const limited = await other.c.post('/api/login/two-factor', {
      challenge: other.answer.challenge,
      code: codeOf(secret),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('LOGIN_TOO_MANY');
    expect(limited.headers['retry-after']).toBeTruthy();
    t.clock.advance(5 * 60_000 + 1000);
    nextStep();
    const later = await c.post('/api/login/two-factor', { challenge: answer.challenge, code: codeOf(secret) });
    expect(later.statusCode).toBe(200);
  });
});

describe('turning two-factor off and renewing recovery codes', () => {
  it('needs the password or a current code', async () => {
    const m = await makeUser(t, admin);
    const { secret, recovery } = await enrol(m.client);
    const none = await m.client.post('/api/auth/two-factor/recovery-codes', {});
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields.password).toBeTruthy();
    const renewed = await m.client.post('/api/auth/two-factor/recovery-codes', { code: codeOf(secret) });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recovery_codes).not.toContain(recovery[0]);
    expect((await audits('auth.two_factor_recovery_codes')).length).toBeGreaterThan(0);

    const wrongPassword = await m.client.post('/api/auth/two-factor/disable', { password: 'not-it-at-all' });
    expect(wrongPassword.statusCode).toBe(422);
    const off = await m.client.post('/api/auth/two-factor/disable', { password: 'password-123' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await passwordStep(m.email)).answer.token).toBeTruthy();
  });
});

describe('who may change it', () => {
  it('refuses an administrator acting as the person', async () => {
    const m = await makeUser(t, admin);
    const c = t.client();
    await c.login('admin@example.com', 'admin-password-1');
    const switched = await c.post(`/api/ops/users/${m.id}/switch`);
    expect(switched.statusCode).toBe(200);
    c.token = switched.json().token;
    expect((await c.get('/api/auth/two-factor')).statusCode).toBe(200);
    expect((await c.post('/api/auth/two-factor/setup')).statusCode).toBe(403);
    expect((await c.post('/api/auth/two-factor/disable', { password: 'password-123' })).statusCode).toBe(403);
  });
});

describe('roles that require two-factor', () => {
  it('leads a holder without it through set-up before any session, and keeps it on', async () => {
    const role = (await admin.post('/api/ops/roles/create', { name: 'finance', permissions: ['brand.view'] })).json();
    const flag = await admin.put(`/api/ops/roles/${role.id}/two-factor`, { required: true });
    expect(flag.statusCode).toBe(200);
    expect(flag.json()).toEqual({ id: role.id, name: 'finance', required: true });
    const listed = (await admin.get('/api/ops/roles/two-factor')).json().data;
    expect(listed.find((r: { id: number }) => r.id === role.id).required).toBe(true);
    expect((await audits('role.two_factor'))[0]).toMatchObject({
      changes: { requires_two_factor: { before: false, after: true } },
    });

    const m = await makeUser(t, admin, { roles: ['finance'], status: 'INACTIVE' });
    await admin.patch(`/api/ops/users/${m.id}/status/change`, { status: 'ACTIVE' });
    nextStep();
    const { c, answer } = await passwordStep(m.email);
    expect(answer.two_factor).toBe('setup');
    expect(answer.token).toBeUndefined();
    // A set-up challenge is not a code challenge.
    expect((await c.post('/api/login/two-factor', { challenge: answer.challenge, code: '123456' })).statusCode).toBe(
      422,
    );
    const early = await c.post('/api/login/two-factor/enable', { challenge: answer.challenge, code: '123456' });
    expect(early.json().error.fields.code).toMatch(/scan the QR code first/);

    const setup = await c.post('/api/login/two-factor/setup', { challenge: answer.challenge });
    expect(setup.statusCode).toBe(200);
    const on = await c.post('/api/login/two-factor/enable', {
      challenge: answer.challenge,
      code: codeOf(setup.json().secret),
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().recovery_codes).toHaveLength(10);
    c.token = on.json().token;
    expect((await c.get('/api/auth/two-factor')).json()).toMatchObject({ enabled: true, required: true });
    const off = await c.post('/api/auth/two-factor/disable', { password: 'password-123' });
    expect(off.statusCode).toBe(422);
    expect(off.json().error.fields.password).toMatch(/requires two-factor/);
    // Next sign-in asks for the code like any account with two-factor.
    expect((await passwordStep(m.email)).answer.two_factor).toBe('code');
  });
});

describe('an administrator resets two-factor', () => {
  it('turns it off, records it and tells the person by e-mail in their language', async () => {
    const m = await makeUser(t, admin, { lang: 'es', first_name: 'Lucía' });
    await enrol(m.client);
    const before = smtp.received.length;
    const r = await admin.patch(`/api/ops/users/${m.id}/two-factor/reset`);
    expect(r.statusCode).toBe(200);
    expect((await admin.get(`/api/ops/users/${m.id}/two-factor`)).json()).toEqual({ enabled: false, enabled_at: null });
    expect((await passwordStep(m.email)).answer.token).toBeTruthy();
    const entry = (await audits('user.two_factor_reset'))[0] as { target: { id: number } };
    expect(entry.target.id).toBe(m.id);
    await t.mailSettled();
    const mail = smtp.received.slice(before).find((x) => x.to.includes(m.email));
    expect(mail?.raw).toContain('Hola Luc');
    expect(mail?.raw).toContain('perfil');
    // Nothing to reset the second time.
    expect((await admin.patch(`/api/ops/users/${m.id}/two-factor/reset`)).statusCode).toBe(422);
  });
});
