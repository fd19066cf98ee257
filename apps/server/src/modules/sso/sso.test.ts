import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminClient, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { CLIENT, startIdp, throughIdp } from '../../../test/oidcIdp.js';
import type { Idp } from '../../../test/oidcIdp.js';

const APP = 'http://app.test';
let t: TestApp;
let admin: Client;
let idp: Idp;
let providerId: number;
let seq = 0;

const provider = (over: Record<string, unknown> = {}) => ({
  label: 'Acme login',
  issuer: idp.issuer,
  client_id: CLIENT.id,
  client_secret: CLIENT.secret,
  allow_signup: true,
  ...over,
});

beforeAll(async () => {
  t = await startApp({ APP_URL: APP });
  admin = await adminClient(t);
  idp = await startIdp(APP);
  const r = await admin.post('/api/ops/sso/providers', provider({ preapproved_domains: ['acme.test'] }));
  expect(r.statusCode, r.body).toBe(201);
  providerId = r.json().id;
}, 30_000);
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const person = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return idp.add({
    sub: `person-${seq}-${Date.now()}`,
    email: `p${seq}-${Date.now()}@acme.test`,
    name: 'Ada Lovelace',
    ...over,
  });
};

/** The browser's start: the provider's address and the flow cookie. */
async function start(id = providerId) {
  const r = await t.app.inject({ method: 'GET', url: `/api/sso/providers/${id}/start` });
  const cookie = r.cookies.find((c) => c.name === 'bv_sso');
  return { status: r.statusCode, location: String(r.headers.location), cookie: cookie?.value };
}

/** The provider sends the browser back: the callback's answer (where the web app goes). */
async function callback(url: string, cookie: string | undefined) {
  const u = new URL(url);
  const r = await t.app.inject({
    method: 'GET',
    url: `${u.pathname}${u.search}`,
    headers: cookie ? { cookie: `bv_sso=${cookie}` } : {},
  });
  expect(r.statusCode, r.body).toBe(302);
  return String(r.headers.location);
}

/** A whole sign-in as `sub`: start, the provider's login, the callback. */
async function signIn(sub: string, id = providerId) {
  idp.as(sub);
  const s = await start(id);
  expect(s.status).toBe(302);
  const back = await throughIdp(s.location, APP);
  return { location: await callback(back, s.cookie), back, cookie: s.cookie };
}

const codeOf = (location: string) => new URL(location).hash.replace(/^#code=/, '');

async function complete(location: string) {
  expect(location).toMatch(`${APP}/sso/done`);
  const c = t.client();
  const r = await c.post('/api/sso/complete', { code: codeOf(location) });
  expect(r.statusCode, r.body).toBe(200);
  c.token = r.json().token;
  return { client: c, answer: r.json() };
}

const count = async (table: 'users' | 'user_identities' | 'access_tokens') =>
  Number(
    (
      await t.built.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('single sign-on with OpenID Connect', () => {
  it('discovers the provider, lists its button, and never answers the secret', async () => {
    const list = (await admin.get('/api/ops/sso/providers')).json().data;
    const p = list.find((x: { id: number }) => x.id === providerId);
    expect(p).toMatchObject({ status: 'ok', has_secret: true, redirect_uri: `${APP}/api/sso/callback` });
    expect(JSON.stringify(list)).not.toContain(CLIENT.secret);
    const pub = await t.client().get('/api/sso/providers');
    expect(pub.json().data).toContainEqual({ id: providerId, label: 'Acme login' });
    const row = await t.built.handle.db
      .selectFrom('oidc_providers')
      .select('client_secret')
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain(CLIENT.secret);
  });

  it('signs a new person of a pre-approved domain in with PKCE, bound by (issuer, sub)', async () => {
    const p = person();
    const s = await start();
    const auth = new URL(s.location);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    idp.as(p.sub);
    const back = await throughIdp(s.location, APP);
    const location = await callback(back, s.cookie);
    const { client, answer } = await complete(location);
    expect(answer.session_user.email).toBe(p.email);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const identity = await t.built.handle.db
      .selectFrom('user_identities')
      .selectAll()
      .where('sub', '=', p.sub)
      .executeTakeFirstOrThrow();
    expect(identity.issuer).toBe(idp.issuer);
    // The same person again: straight in, same account.
    const again = await complete((await signIn(p.sub)).location);
    expect(again.answer.session_user.id).toBe(answer.session_user.id);
  });

  it('refuses a replayed code, and a used hand-off code, creating nothing', async () => {
    const p = person();
    const first = await signIn(p.sub);
    const { client } = await complete(first.location);
    const tokens = await count('access_tokens');
    expect(await callback(first.back, first.cookie)).toBe(`${APP}/login?sso_error=refused`);
    const again = await client.post('/api/sso/complete', { code: codeOf(first.location) });
    expect(again.statusCode).toBe(410);
    expect(await count('access_tokens')).toBe(tokens);
  });

  it('refuses a wrong state, a missing flow cookie, and creates nothing', async () => {
    const p = person();
    idp.as(p.sub);
    const s = await start();
    const back = new URL(await throughIdp(s.location, APP));
    const users = await count('users');
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state');
    expect(await callback(forged.href, s.cookie)).toBe(`${APP}/login?sso_error=state`);
    expect(await callback(back.href, undefined)).toBe(`${APP}/login?sso_error=state`);
    expect(await count('users')).toBe(users);
  });

  for (const [name, change] of [
    ['a wrong audience', (c: Record<string, unknown>) => (c.aud = 'someone-else')],
    ['a wrong nonce', (c: Record<string, unknown>) => (c.nonce = 'not-the-nonce')],
    [
      'an expired token',
      (c: Record<string, unknown>) => {
        c.iat = Math.floor(Date.now() / 1000) - 7200;
        c.exp = Math.floor(Date.now() / 1000) - 3600;
      },
    ],
  ] as const)
    it(`refuses an ID token with ${name}, creating nobody`, async () => {
      const p = person();
      const users = await count('users');
      const identities = await count('user_identities');
      idp.tamper(change);
      expect((await signIn(p.sub)).location).toBe(`${APP}/login?sso_error=token`);
      expect(await count('users')).toBe(users);
      expect(await count('user_identities')).toBe(identities);
    });

  it('never links an existing account silently: the password proves it, then it links', async () => {
    const existing = await makeUser(t, admin, { email: `owner-${Date.now()}@acme.test` });
    const p = person({ email: existing.email });
    const { location } = await signIn(p.sub);
    expect(location).toMatch(`${APP}/sso/link#code=`);
    expect(
      await t.built.handle.db.selectFrom('user_identities').select('id').where('sub', '=', p.sub).executeTakeFirst(),
    ).toBeUndefined();
    const code = codeOf(location);
    const c = t.client();
    expect((await c.post('/api/sso/link/info', { code })).json()).toEqual({
      email: existing.email,
      provider: 'Acme login',
    });
    expect((await c.post('/api/sso/link/password', { code, password: 'wrong-password-1' })).statusCode).toBe(422);
    const ok = await c.post('/api/sso/link/password', { code, password: 'password-123' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().session_user.id).toBe(existing.id);
    const again = await complete((await signIn(p.sub)).location);
    expect(again.answer.session_user.id).toBe(existing.id);
  });

  it('links by a link e-mailed to the existing account', async () => {
    const existing = await makeUser(t, admin, { email: `mailed-${Date.now()}@acme.test` });
    const p = person({ email: existing.email });
    const code = codeOf((await signIn(p.sub)).location);
    const c = t.client();
    expect((await c.post('/api/sso/link/mail', { code })).statusCode).toBe(200);
    const [mail] = await t.waitForMails(existing.email);
    const link = mail!.links.find((l) => l.includes('/sso/link/confirm#code='))!;
    const r = await c.post('/api/sso/link/confirm', { code: link.split('#code=')[1] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().session_user.id).toBe(existing.id);
  });

  it('maps a claim to a role and a brand at sign-in', async () => {
    const brand = await makeBrand(admin, `Mapped ${Date.now()}`);
    const r = await admin.post(
      '/api/ops/sso/providers',
      provider({
        label: 'Mapped login',
        preapproved_domains: ['acme.test'],
        claim_mapping: { claim: 'groups', rules: [{ value: 'designers', roles: ['manager'], brands: [brand.id] }] },
      }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const p = person({ groups: ['designers', 'staff'] });
    const { answer } = await complete((await signIn(p.sub, r.json().id)).location);
    expect(answer.session_user.roles).toEqual([{ name: 'manager' }]);
    expect(answer.session_user.brands.map((b: { id: number }) => b.id)).toEqual([brand.id]);
  });

  it('lets new people of other domains wait for approval, and refuses domains outside the list', async () => {
    const r = await admin.post(
      '/api/ops/sso/providers',
      provider({ label: 'Open', allowed_domains: ['acme.test', 'partner.test'] }),
    );
    const id = r.json().id;
    const waiting = person({ email: `new-${Date.now()}@partner.test` });
    expect((await signIn(waiting.sub, id)).location).toBe(`${APP}/sso/waiting`);
    const row = await t.built.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', waiting.email!)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('INACTIVE');
    await t.waitForMails(ADMIN.email);
    const users = await count('users');
    const outsider = person({ email: `x-${Date.now()}@elsewhere.test` });
    expect((await signIn(outsider.sub, id)).location).toBe(`${APP}/login?sso_error=domain`);
    expect(await count('users')).toBe(users);
  });

  it('ends the sessions of an identity on back-channel logout, after checking the token', async () => {
    const p = person();
    const { client } = await complete((await signIn(p.sub)).location);
    const post = async (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/sso/backchannel-logout/${providerId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `logout_token=${encodeURIComponent(token)}`,
      });
    expect((await post(await idp.logoutToken(p.sub, { aud: 'someone-else' }))).statusCode).toBe(400);
    expect((await post(await idp.logoutToken(p.sub, { events: undefined }))).statusCode).toBe(400);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const token = await idp.logoutToken(p.sub);
    expect((await post(token)).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    // A logout token is good once.
    expect((await post(token)).statusCode).toBe(400);
  });

  it('saves an issuer that does not answer discovery as not reachable, and sign-in says so', async () => {
    const r = await admin.post('/api/ops/sso/providers', provider({ label: 'Down', issuer: 'http://127.0.0.1:9' }));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ status: 'unreachable' });
    expect(r.json().status_reason).toBeTruthy();
    const users = await count('users');
    const s = await start(r.json().id);
    expect(s.location).toBe(`${APP}/login?sso_error=unreachable`);
    expect(await count('users')).toBe(users);
  });

  it('refuses password sign-in to an SSO-only role, never to an admin', async () => {
    const roles = (await admin.get('/api/ops/sso/roles')).json().data as { id: number; name: string }[];
    const guest = roles.find((r) => r.name === 'guest')!;
    const adminRole = roles.find((r) => r.name === 'admin')!;
    const someone = await makeUser(t, admin, { roles: ['guest'] });
    expect((await admin.put(`/api/ops/sso/roles/${adminRole.id}`, { sso_only: true })).statusCode).toBe(422);
    const on = await admin.put(`/api/ops/sso/roles/${guest.id}`, { sso_only: true });
    expect(on.json()).toMatchObject({ sso_only: true });
    const refused = await t.client().post('/api/login', { email: someone.email, password: 'password-123' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SSO_REQUIRED');
    expect((await t.client().post('/api/login', ADMIN)).statusCode).toBe(200);
    await admin.put(`/api/ops/sso/roles/${guest.id}`, { sso_only: false });
    expect((await t.client().post('/api/login', { email: someone.email, password: 'password-123' })).statusCode).toBe(
      200,
    );
  });

  it("refuses provider settings to a request made with an API key, even an administrator's", async () => {
    const actor = (await t.built.services.auth.actorFromHeader(`Bearer ${admin.token}`))!;
    const ctx = {
      actor: { ...actor, apiKeyId: 1 },
      ip: '127.0.0.1',
      userAgent: null,
      emulatorId: null,
      lang: 'en' as const,
      requestId: 'k',
    };
    const s = t.built.services.sso;
    for (const attempt of [
      () => s.list(ctx),
      () => s.test(ctx, providerId),
      () => s.setRole(ctx, 1, false),
      () => s.remove(ctx, providerId),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await admin.get('/api/ops/sso/providers')).statusCode).toBe(200);
  });

  it('limits password proofs like sign-in', async () => {
    const existing = await makeUser(t, admin, { email: `guarded-${Date.now()}@acme.test` });
    const p = person({ email: existing.email });
    const code = codeOf((await signIn(p.sub)).location);
    const c = t.client();
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1)
      answers.push((await c.post('/api/sso/link/password', { code, password: `wrong-password-${i}` })).statusCode);
    expect(answers.slice(0, 4)).toEqual([422, 422, 422, 422]);
    expect(answers).toContain(429);
  });

  it('refuses a plain http issuer that is not this machine', async () => {
    const r = await admin.post('/api/ops/sso/providers', provider({ issuer: 'http://idp.example.com' }));
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.issuer).toBeTruthy();
  });
});
