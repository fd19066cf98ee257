import { LOGIN_ACCOUNT_LOCK_AT, LOGIN_IP_MAX, LOGIN_MAX_ATTEMPTS } from '@brandvault/contract';
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

let ips = 0;
/** A caller from an address no other test used. */
const fresh = () => {
  const c = t.client();
  ips += 1;
  c.ip = `10.20.${Math.floor(ips / 250)}.${ips % 250}`;
  return c;
};
const tryLogin = (c: Client, email: string, password: string) => c.post('/api/login', { email, password });

describe('sign-in limits', () => {
  it('checks at most five passwords of one e-mail from one address, however many arrive at once', async () => {
    const { email } = await makeUser(t, admin);
    const c = fresh();
    const codes = (await Promise.all(Array.from({ length: 30 }, () => tryLogin(c, email, 'wrong-password')))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((s) => s === 422).length).toBeLessThanOrEqual(LOGIN_MAX_ATTEMPTS);
    expect(codes.filter((s) => s !== 422).every((s) => s === 429)).toBe(true);
    expect((await tryLogin(c, email, 'password-123')).statusCode).toBe(429);
  });

  it('slows one account down from any address, then locks it, tells the owner, and lets an admin lift it', () =>
    t.clock.frozen(async () => {
      const { email, id } = await makeUser(t, admin);
      for (let i = 1; i <= LOGIN_ACCOUNT_LOCK_AT; i++) {
        const r = await tryLogin(fresh(), email, 'wrong-password');
        expect(r.statusCode).toBe(422);
        if (i === 5) {
          // From the fifth failure on, the next try must wait, whatever address it comes from.
          const early = await tryLogin(fresh(), email, 'password-123');
          expect(early.statusCode).toBe(429);
          expect(Number(early.headers['retry-after'])).toBe(1);
        }
        t.clock.advance(60_000);
      }
      const locked = await tryLogin(fresh(), email, 'password-123');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.code).toBe('ACCOUNT_LOCKED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(13 * 60);
      expect(t.mails(email).at(-1)?.subject).toMatch(/locked for 15 minutes/);

      const row = (await admin.get(`/api/ops/users/${id}`)).json().user;
      expect(row.locked_until).not.toBeNull();
      expect(row.abilities.unlock).toBe(true);
      const lifted = await admin.patch(`/api/ops/users/${id}/login/unlock`);
      expect(lifted.json().user).toMatchObject({ locked_until: null, abilities: { unlock: false } });
      expect((await tryLogin(fresh(), email, 'password-123')).statusCode).toBe(200);
    }));

  it('locks an unknown address exactly like a real one, and mails nobody', async () => {
    const ghost = 'ghost-lock@example.com';
    const answers: string[] = [];
    for (let i = 0; i < LOGIN_ACCOUNT_LOCK_AT; i++) {
      answers.push((await tryLogin(fresh(), ghost, 'wrong-password')).body);
      t.clock.advance(60_000);
    }
    expect(new Set(answers).size).toBe(1);
    expect((await tryLogin(fresh(), ghost, 'wrong-password')).json().error.code).toBe('ACCOUNT_LOCKED');
    expect(t.mails(ghost)).toEqual([]);
  });

  it('caps the tries of one address across accounts', async () => {
    const c = fresh();
    for (let i = 0; i < LOGIN_IP_MAX; i++)
      expect((await tryLogin(c, `spray-${i}@example.com`, 'Summer2026!')).statusCode).toBe(422);
    const capped = await tryLogin(c, 'spray-last@example.com', 'Summer2026!');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error.code).toBe('LOGIN_TOO_MANY');
  }, 120_000);

  it('says an account cannot sign in only to someone who knows its password', async () => {
    const inactive = await makeUser(t, admin, { status: 'INACTIVE' });
    const pending = 'pending-person@example.com';
    const reg = { first_name: 'P', last_name: 'P', email: pending, password: 'pending-pass-1' };
    await t.client().post('/api/auth/register', { ...reg, password_confirmation: reg.password });
    const unknown = await tryLogin(fresh(), 'nobody-at-all@example.com', 'wrong-password');
    for (const email of [inactive.email, pending]) {
      const wrong = await tryLogin(fresh(), email, 'wrong-password');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toBe(unknown.body);
    }
    const right = await tryLogin(fresh(), inactive.email, 'password-123');
    expect(right.statusCode).toBe(403);
    expect(right.json().error.code).toBe('ACCOUNT_ERROR');
    expect((await tryLogin(fresh(), pending, reg.password)).statusCode).toBe(403);
  });
});

describe('sign-in tokens', () => {
  const DAY = 24 * 3600_000;
  it('end after 30 days unused, however young they are', async () => {
    admin = await adminClient(t);
    const { client } = await makeUser(t, admin);
    t.clock.advance(29 * DAY);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    t.clock.advance(29 * DAY);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    t.clock.advance(31 * DAY);
    const gone = await client.get('/api/auth/me');
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('end 90 days after sign-in, however often they are used', async () => {
    admin = await adminClient(t);
    const { client } = await makeUser(t, admin);
    for (let day = 0; day < 89; day += 10) {
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
      t.clock.advance(10 * DAY);
    }
    t.clock.advance(DAY);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });
});
