import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_UNLOCK_TRIES, SHARE_VIEWS_PER_ADDRESS } from '@brandvault/contract';
import { adminClient, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await startApp();
  const admin = await adminClient(t);
  const brand = await makeBrand(admin, 'Limits');
  owner = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
});
afterAll(() => t.close());

let n = 0;
/** A fresh collection shared with anyone; `at` opens it signed out from an address. */
async function link(body: Record<string, unknown> = {}) {
  const col = (await owner.post('/api/ops/collection/new', { name: `Limited ${++n}` })).json().collection.id as number;
  const r = await owner.post(`/api/ops/collection/${col}/share`, { audience: 'anyone', ...body });
  expect(r.statusCode, r.body).toBe(201);
  const token = (r.json().share_link.link as string).split('/').at(-1)!;
  const base = `/api/ops/collection/${col}/shared/${token}`;
  const views = async () => (await owner.get(`/api/ops/collection/${col}/share/list`)).json().items[0].views as number;
  return { base, views };
}
const from = (ip: string, ua = 'Probe/1.0') => {
  const c = t.client();
  c.ip = ip;
  return {
    c,
    view: (base: string) => c.req('GET', `${base}/public/view`, undefined, { headers: { 'user-agent': ua } }),
  };
};

describe('share links opened without signing in', () => {
  it('count a view once per visitor and hour, not per request', async () => {
    const l = await link();
    const ana = from('10.1.0.1');
    for (let i = 0; i < 5; i++) expect((await ana.view(l.base)).statusCode).toBe(200);
    expect(await l.views()).toBe(1);
    // Another browser at the same address is another visitor; so is another address.
    await from('10.1.0.1', 'Other/2.0').view(l.base);
    await from('10.1.0.2').view(l.base);
    expect(await l.views()).toBe(3);
    t.clock.advance(61 * 60_000);
    await ana.view(l.base);
    expect(await l.views()).toBe(4);
  });

  it('are limited per address, with a localised 429 and Retry-After', async () => {
    const l = await link();
    const scraper = from('10.2.0.1');
    for (let i = 0; i < SHARE_VIEWS_PER_ADDRESS; i++) expect((await scraper.view(l.base)).statusCode).toBe(200);
    const refused = await scraper.view(l.base);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe('SHARE_LINK_TOO_MANY');
    const es = await scraper.c.req('GET', `${l.base}/public/view`, undefined, { headers: { 'accept-language': 'es' } });
    expect(es.json().error.message).toMatch(/Espera un minuto/);
    // Another address still opens it; a minute later the scraper may again.
    expect((await from('10.2.0.2').view(l.base)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await scraper.view(l.base)).statusCode).toBe(200);
  });

  it('limit wrong passwords per link across addresses, and per address across links', async () => {
    const a = await link({ password: 'open-sesame' });
    const b = await link({ password: 'open-sesame' });
    for (let i = 0; i < SHARE_UNLOCK_TRIES; i++)
      await from(`10.3.0.${i + 1}`).c.post(`${a.base}/unlock`, { password: `bad-${i}` });
    const onLink = await from('10.3.1.1').c.post(`${a.base}/unlock`, { password: 'open-sesame' });
    expect(onLink.statusCode).toBe(429);
    expect(onLink.headers['retry-after']).toBeDefined();
    const guesser = from('10.4.0.1');
    for (let i = 0; i < SHARE_UNLOCK_TRIES; i++) await guesser.c.post(`${b.base}/unlock`, { password: `bad-${i}` });
    const other = await link({ password: 'open-sesame' });
    expect((await guesser.c.post(`${other.base}/unlock`, { password: 'open-sesame' })).statusCode).toBe(429);
    expect((await from('10.4.0.2').c.post(`${other.base}/unlock`, { password: 'open-sesame' })).statusCode).toBe(200);
  });
});
