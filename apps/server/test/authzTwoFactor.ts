import { Secret, TOTP } from 'otpauth';
import type { Build } from './authzCalls.js';
import type { Principal } from './authzMatrix.js';
import type { World } from './authzWorld.js';
import type { Client } from './harness.js';

/** The matrix's calls of two-factor sign-in (issue 41 §2). The matrix leaves the app's clock alone. */

const PASSWORD = 'password-123';
const codeOf = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });

/** A secret no setup answered: the API key principal may not start one, and its call is refused. */
const REFUSED_SECRET = 'JBSWY3DPEHPK3PXP';

async function startOn(c: Client) {
  const r = await c.post('/api/auth/two-factor/setup');
  if (r.statusCode === 403) return REFUSED_SECRET;
  if (r.statusCode !== 200) throw new Error(`two-factor setup: ${r.statusCode} ${r.body}`);
  return r.json().secret as string;
}
/** Turns two-factor on for the client's user; answers its recovery codes. */
async function turnOn(c: Client) {
  const secret = await startOn(c);
  if (secret === REFUSED_SECRET) return [];
  const r = await c.post('/api/auth/two-factor/confirm', { code: codeOf(secret) });
  if (r.statusCode !== 200) throw new Error(`two-factor confirm: ${r.statusCode} ${r.body}`);
  return r.json().recovery_codes as string[];
}
/** A look-alike of the principal (the calls change its two-factor), signed in. */
const lookAlike = async (w: World, p: Principal) => (await w.clone(p === 'anonymous' ? 'member' : p)).client;

/** The password step of a brand A member: the challenge it answers. */
async function challengeOf(w: World, email: string) {
  const r = await w.admin.req('POST', '/api/login', { email, password: PASSWORD }, { headers: {} });
  const c = (r.json() as { challenge?: string }).challenge;
  if (!c) throw new Error(`no challenge: ${r.statusCode} ${r.body}`);
  return c;
}
/** A member of brand A with two-factor on, and a recovery code of theirs. */
async function withTwoFactor(w: World) {
  const u = (await w.clone('member')) as { client: Client; id: number; email: string };
  const codes = await turnOn(u.client);
  return { ...u, recovery: codes[0]! };
}
/** A member of brand A whose role requires two-factor, which is not on yet. */
async function required(w: World) {
  const name = `strict-${w.next()}-${Date.now()}`;
  const role = await w.db
    .insertInto('roles')
    .values({ name, created_at: new Date().toISOString(), requires_two_factor: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const perm = await w.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', 'brand.view')
    .executeTakeFirstOrThrow();
  await w.db.insertInto('role_permissions').values({ role_id: role.id, permission_id: perm.id }).execute();
  const u = await w.freshUser('A', { roles: [name] });
  return { ...u, challenge: await challengeOf(w, u.email) };
}

export const twoFactorCalls: Record<string, Build> = {
  'GET /api/auth/two-factor': () => ({ method: 'GET', url: '/api/auth/two-factor' }),
  'POST /api/auth/two-factor/setup': () => ({ method: 'POST', url: '/api/auth/two-factor/setup' }),
  'POST /api/auth/two-factor/confirm': async (w, p) => {
    const as = await lookAlike(w, p);
    return {
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      body: { code: codeOf(await startOn(as)) },
      as: p === 'anonymous' ? undefined : as,
    };
  },
  'POST /api/auth/two-factor/disable': async (w, p) => {
    const as = await lookAlike(w, p);
    await turnOn(as);
    return {
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      body: { password: PASSWORD },
      as: p === 'anonymous' ? undefined : as,
    };
  },
  'POST /api/auth/two-factor/recovery-codes': async (w, p) => {
    const as = await lookAlike(w, p);
    await turnOn(as);
    return {
      method: 'POST',
      url: '/api/auth/two-factor/recovery-codes',
      body: { password: PASSWORD },
      as: p === 'anonymous' ? undefined : as,
    };
  },
  'POST /api/login/two-factor': async (w) => {
    const u = await withTwoFactor(w);
    return {
      method: 'POST',
      url: '/api/login/two-factor',
      body: { challenge: await challengeOf(w, u.email), recovery_code: u.recovery },
    };
  },
  'POST /api/login/two-factor/setup': async (w) => ({
    method: 'POST',
    url: '/api/login/two-factor/setup',
    body: { challenge: (await required(w)).challenge },
  }),
  'POST /api/login/two-factor/enable': async (w) => {
    const { challenge } = await required(w);
    const setup = await w.admin.req('POST', '/api/login/two-factor/setup', { challenge });
    return {
      method: 'POST',
      url: '/api/login/two-factor/enable',
      body: { challenge, code: codeOf(setup.json().secret) },
    };
  },
  'GET /api/ops/users/:id/two-factor': async (w) => ({
    method: 'GET',
    url: `/api/ops/users/${(await w.freshUser()).id}/two-factor`,
  }),
  'PATCH /api/ops/users/:id/two-factor/reset': async (w) => ({
    method: 'PATCH',
    url: `/api/ops/users/${(await withTwoFactor(w)).id}/two-factor/reset`,
  }),
  'GET /api/ops/roles/two-factor': () => ({ method: 'GET', url: '/api/ops/roles/two-factor' }),
  'PUT /api/ops/roles/:id/two-factor': async (w) => {
    const role = await w.db
      .insertInto('roles')
      .values({ name: `matrix-2fa-${w.next()}-${Date.now()}`, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { method: 'PUT', url: `/api/ops/roles/${role.id}/two-factor`, body: { required: true } };
  },
};
