import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS, routes } from '@brandvault/contract';
import type { PermissionName, RouteDef } from '@brandvault/contract';
import { startApp } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';
import { PRINCIPALS, REFUSED, REFUSED_TO_KEYS, expectations, fits, probes, routeOf } from '../../test/authzMatrix.js';
import type { Expected, Principal } from '../../test/authzMatrix.js';
import { calls } from '../../test/authzCalls.js';
import { buildWorld } from '../../test/authzWorld.js';
import type { World } from '../../test/authzWorld.js';
import { routeKeys } from '../../test/routeRecorder.js';

// The app registers its routes while it is built: only a hook present from its creation sees them.
vi.mock('fastify', async (orig) => (await import('../../test/routeRecorder.js')).recordingFastify(await orig()));

let t: TestApp;
let w: World;
beforeAll(async () => {
  // Webhook subscriptions point at a closed loopback port: deliveries fail at once, nowhere else.
  t = await startApp({ WEBHOOKS_ALLOW_LOOPBACK: 'true' });
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t?.close());

/** Sends each principal's request for every key; returns one line per answer that does not fit. */
async function run(table: Record<string, Record<Principal, Expected>>) {
  const wrong: string[] = [];
  for (const [key, row] of Object.entries(table)) {
    for (const p of PRINCIPALS) {
      const call = await calls[key]!(w, p);
      const client = call.as ?? w.clients[p];
      const res = call.form
        ? await client.req(call.method, call.url, undefined, {
            raw: call.form.payload,
            headers: { ...call.form.headers, ...call.headers },
          })
        : await client.req(call.method, call.url, call.body, { headers: call.headers });
      const got = call.judge ? call.judge(res) : res.statusCode;
      if (!fits(row[p], got)) wrong.push(`${key} | ${p}: expected ${row[p]}, got ${got} ${res.body.slice(0, 160)}`);
    }
  }
  return wrong;
}

/** The permissions each principal holds, from the seeded role sets. */
const held: Record<Principal, ReadonlySet<string>> = {
  anonymous: new Set(),
  guest: new Set(ROLE_PERMISSIONS.guest),
  member: new Set(ROLE_PERMISSIONS.member),
  manager: new Set(ROLE_PERMISSIONS.manager),
  admin: new Set(ROLE_PERMISSIONS.admin),
  otherBrand: new Set(ROLE_PERMISSIONS.manager),
  direct: new Set<PermissionName>([...ROLE_PERMISSIONS.guest, 'user.manage']),
  apiKey: new Set(ROLE_PERMISSIONS.member),
};

describe('authorization matrix', () => {
  it('has exactly one row per registered route', () => {
    const registered = routeKeys(t.app);
    expect(registered.length).toBeGreaterThan(50);
    expect(Object.keys(expectations).sort()).toEqual(registered);
  });

  it('has a request for every row and probe, and probes name routes of the table', () => {
    const keys = [...Object.keys(expectations), ...Object.keys(probes)];
    expect(keys.filter((k) => !calls[k])).toEqual([]);
    expect(Object.keys(calls).filter((k) => !keys.includes(k))).toEqual([]);
    expect(Object.keys(probes).filter((k) => !expectations[routeOf(k)])).toEqual([]);
  });

  // The table must not contradict the contract's access: a route's access changed in the
  // contract, or a row typed by hand, fails here before any request is sent.
  it('agrees with the access the contract declares', () => {
    const wrong: string[] = [];
    for (const r of Object.values(routes) as RouteDef[]) {
      const key = `${r.method} ${r.path}`;
      const row = expectations[key];
      if (!row) continue;
      for (const p of PRINCIPALS) {
        const signedIn = p !== 'anonymous';
        let must: number | undefined;
        if (r.access === 'guest' && signedIn) must = 403;
        else if (r.access !== 'public' && r.access !== 'guest' && !signedIn) must = 401;
        else if (typeof r.access === 'object' && 'permission' in r.access && !held[p].has(r.access.permission))
          must = 403;
        else if (p === 'apiKey' && r.sessionOnly) must = 403;
        if (must !== undefined && row[p] !== must) wrong.push(`${key} | ${p}: table ${row[p]}, contract says ${must}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  // The routes refused to keys are the ones the contract marks session-only, no more and no fewer.
  it('refuses to API keys exactly the session-only routes of the contract', () => {
    const sessionOnly = (Object.values(routes) as RouteDef[]).filter((r) => r.sessionOnly);
    expect(sessionOnly.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...REFUSED_TO_KEYS].sort());
  });

  it('answers every route as the table says, for every principal', async () => {
    const wrong = await run(expectations);
    expect(wrong.length, `${wrong.length} answers differ from the secure matrix:\n${wrong.join('\n')}`).toBe(0);
    // About 2,000 requests one after another: 25 s on a quiet machine, over 100 s at a load of 14.
  }, 300_000);

  it('answers the probes (private content, other brands, administrators, escalation) as the table says', async () => {
    const wrong = await run(probes);
    expect(wrong.length, `${wrong.length} probe answers differ:\n${wrong.join('\n')}`).toBe(0);
  }, 300_000);

  // Each scope against the matrix (issue 41 §3): a key holding all but one of its owner's
  // permissions is refused every route that asks for the missing one, whatever else it holds.
  it('refuses a key, scope by scope, every route whose permission it was not given', async () => {
    const wrong: string[] = [];
    let checked = 0;
    const owned = [...ROLE_PERMISSIONS.member];
    for (const missing of owned) {
      const made = await w.keyOwner!.post('/api/account/api-keys', {
        name: `Without ${missing}`,
        expires_at: null,
        scopes: owned.filter((p) => p !== missing),
      });
      expect(made.statusCode, made.body).toBe(201);
      const key = t.client();
      key.token = made.json().secret as string;
      // Two routes a permission, reads first: the calls' set-up uploads count against the rate limits.
      const guarded = (Object.values(routes) as RouteDef[])
        .filter((r) => typeof r.access === 'object' && 'permission' in r.access && r.access.permission === missing)
        .sort((a, b) => Number(b.method === 'GET') - Number(a.method === 'GET'))
        .slice(0, 2);
      for (const r of guarded) {
        const name = `${r.method} ${r.path}`;
        const call = await calls[name]!(w, 'apiKey');
        if (call.as) continue;
        const res = call.form
          ? await key.req(call.method, call.url, undefined, {
              raw: call.form.payload,
              headers: { ...call.form.headers, ...call.headers },
            })
          : await key.req(call.method, call.url, call.body, { headers: call.headers });
        checked++;
        if (res.statusCode !== 403) wrong.push(`${name} without ${missing}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every permission a member holds guards some route: the check is not an empty loop.
    expect(checked).toBeGreaterThanOrEqual(owned.length);
  }, 300_000);

  it('tells a refusal from a success', () => {
    expect([fits(REFUSED, 403), fits(REFUSED, 404), fits(REFUSED, 422)]).toEqual([true, true, true]);
    expect([fits(REFUSED, 200), fits(REFUSED, 201), fits(REFUSED, 401), fits(403, 404)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
