import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { adminClient, assetRow, insertAssets, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { startReceiver } from '../../../test/webhookReceiver.js';
import type { Receiver } from '../../../test/webhookReceiver.js';
import { enqueue } from '../../jobs/queue.js';
import { iso } from '../../lib/clock.js';
import { addDays, dayOf } from '../availability/availability.js';
import { RETRY_DELAYS_MS } from './webhooks.deliveries.js';

let t: TestApp;
let rx: Receiver;
let admin: Client;
let manager: Awaited<ReturnType<typeof makeUser>>;
let brand: Awaited<ReturnType<typeof makeBrand>>;
beforeAll(async () => {
  t = await startApp({ WEBHOOKS_ALLOW_LOOPBACK: 'true' });
  rx = await startReceiver();
  admin = await adminClient(t);
  brand = await makeBrand(admin);
  manager = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
}, 60_000);
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

let seq = 0;
/** A fresh asset of the brand, inserted as rows (no event), to remove and restore. */
async function newAsset() {
  const key = `wh${++seq}${Math.random().toString(36).slice(2, 6)}`;
  await insertAssets(t.built.handle.db, [assetRow(brand.id, brand.root, key)]);
  const row = await t.built.handle.db
    .selectFrom('assets')
    .select('id')
    .where('name', '=', `${key}.jpg`)
    .executeTakeFirstOrThrow();
  return row.id;
}
const subscribe = async (path: string, events = ['asset.removed', 'asset.restored'], as = manager.client) => {
  const r = await as.post('/api/brand/webhook', { brand_id: brand.id, url: rx.url(path), events });
  expect(r.statusCode).toBe(201);
  return r.json() as { webhook: { id: number }; secret: string };
};
/**
 * Runs the app's worker until no webhook job (nor the availability job) is due or running: the
 * worker's own poll may have claimed one that runUntilIdle does not see yet, so the rows decide.
 */
async function run() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await t.built.worker!.runUntilIdle();
    const now = iso(t.clock.now());
    const busy = await t.built.handle.db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', ['webhooks.fanout', 'webhooks.deliver', 'rights.availability'])
      .where((eb) =>
        eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)])]),
      )
      .limit(1)
      .executeTakeFirst();
    if (!busy) return;
    if (Date.now() > deadline) throw new Error(`job ${busy.id} still due or running`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
const deliveries = async (id: number) => (await manager.client.get(`/api/brand/webhook/${id}/deliveries`)).json().items;
const hook = async (id: number) => (await manager.client.get(`/api/brand/webhook/${id}`)).json().webhook;

describe('webhook subscriptions', () => {
  it('creates one with a whsec_ secret shown once, lists it without the secret, and audits it', async () => {
    const { webhook, secret } = await subscribe('/ok-list');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await manager.client.get(`/api/brand/webhook/list?brand_id=${brand.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((w: { id: number }) => w.id)).toContain(webhook.id);
    expect(list.body).not.toContain(secret.slice(6));
    const audit = (await admin.get('/api/ops/audit/all?event=webhook.create')).json().items;
    expect(audit[0].target).toMatchObject({ type: 'webhook', id: webhook.id });
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
    const row = await t.built.handle.db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
  });

  it('refuses addresses that are not https or resolve to private ones with 422 on url', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://user:pw@example.com/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fc00::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://172.16.0.1/hook',
    ]) {
      const r = await manager.client.post('/api/brand/webhook', { brand_id: brand.id, url, events: ['asset.created'] });
      expect(r.statusCode, url).toBe(422);
      expect(Object.keys(r.json().error.fields), url).toEqual(['url']);
    }
    const es = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id], lang: 'es' })).client;
    const r = await es.post('/api/brand/webhook', {
      brand_id: brand.id,
      url: 'https://10.0.0.1/',
      events: ['asset.created'],
    });
    expect(r.json().error.fields.url).toMatch(/apunta a una dirección privada/);
  });
});

describe('webhook deliveries', () => {
  it('delivers a signed event the standardwebhooks library verifies, after the request has answered', async () => {
    const { webhook, secret } = await subscribe('/ok-signed');
    const asset = await newAsset();
    const removed = await manager.client.put(`/api/ops/asset/${asset}/status/change`);
    expect(removed.statusCode).toBe(200);
    await run();
    const got = rx.at('/ok-signed');
    expect(got).toHaveLength(1);
    const body = new Webhook(secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(body).toMatchObject({ type: 'asset.removed', data: { asset_id: asset, brand_id: brand.id } });
    expect(got[0]!.headers['webhook-id']).toMatch(/^msg_/);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        got[0]!.body,
        got[0]!.headers as Record<string, string>,
      ),
    ).toThrow();
    const [d] = await deliveries(webhook.id);
    expect(d).toMatchObject({ state: 'delivered', status_code: 200, attempt: 1, event_type: 'asset.removed' });
    expect(d.response_excerpt).toHaveLength(1024);
    expect(d.response_ms).toBeGreaterThanOrEqual(0);
  });

  it('retries a 500 within a minute with the same webhook-id, keeping each attempt', async () => {
    const { webhook } = await subscribe('/flaky', ['asset.removed']);
    await manager.client.put(`/api/ops/asset/${await newAsset()}/status/change`);
    await run();
    let list = await deliveries(webhook.id);
    expect(list.map((d: { attempt: number; state: string }) => [d.attempt, d.state])).toEqual([
      [2, 'pending'],
      [1, 'failed'],
    ]);
    expect(list[1]).toMatchObject({ status_code: 500, response_excerpt: 'boom', error: 'HTTP 500' });
    const wait = Date.parse(list[1].next_attempt_at) - Date.parse(list[1].created_at);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
    t.clock.advance(RETRY_DELAYS_MS[0]! + 1000);
    await run();
    list = await deliveries(webhook.id);
    expect(list[0]).toMatchObject({ attempt: 2, state: 'delivered', status_code: 200 });
    const ids = rx.at('/flaky').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect((await hook(webhook.id)).consecutive_failures).toBe(0);
  });

  it('signs with both secrets while a rotation overlaps', async () => {
    const { webhook, secret: old } = await subscribe('/ok-rotate');
    const r = await manager.client.post(`/api/brand/webhook/${webhook.id}/rotate`);
    expect(r.statusCode).toBe(200);
    const fresh = r.json().secret as string;
    expect(fresh).not.toBe(old);
    expect(r.json().webhook.previous_secret_until).not.toBeNull();
    await manager.client.post(`/api/brand/webhook/${webhook.id}/test`);
    await run();
    const [got] = rx.at('/ok-rotate');
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const s of [old, fresh])
      expect(new Webhook(s).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
        type: 'webhook.test',
      });
  });

  it('sends a test event and sends a delivery again with the same id', async () => {
    const { webhook } = await subscribe('/ok-again');
    const test = await manager.client.post(`/api/brand/webhook/${webhook.id}/test`);
    expect(test.statusCode).toBe(202);
    expect(test.json().delivery).toMatchObject({ state: 'pending', event_type: 'webhook.test' });
    await run();
    const again = await manager.client.post(
      `/api/brand/webhook/${webhook.id}/deliveries/${test.json().delivery.id}/redeliver`,
    );
    expect(again.statusCode).toBe(202);
    // A delivery is sent again only through its own subscription.
    const other = (await subscribe('/ok-other', ['asset.created'])).webhook.id;
    const cross = await manager.client.post(
      `/api/brand/webhook/${other}/deliveries/${test.json().delivery.id}/redeliver`,
    );
    expect(cross.statusCode).toBe(404);
    await run();
    const list = await deliveries(webhook.id);
    expect(list.map((d: { state: string }) => d.state)).toEqual(['delivered', 'delivered']);
    expect(list[0].event_id).toBe(list[1].event_id);
    expect(rx.at('/ok-again')).toHaveLength(2);
    expect((await admin.get('/api/ops/audit/all?event=webhook.redeliver')).json().items[0].target.id).toBe(webhook.id);
  });

  it('does not follow a redirect: the 302 is a failed attempt and its target is never called', async () => {
    const { webhook } = await subscribe('/redirect', ['asset.created']);
    await manager.client.post(`/api/brand/webhook/${webhook.id}/test`);
    await run();
    const [d] = await deliveries(webhook.id);
    expect(d).toMatchObject({ state: 'failed', status_code: 302 });
    expect(rx.at('/target')).toEqual([]);
  });

  it("finds the brand of a comment's asset, since the comment event carries none", async () => {
    const { secret } = await subscribe('/ok-comment', ['comment.created']);
    const asset = await newAsset();
    const r = await manager.client.post(`/api/ops/asset/${asset}/comment/add`, { body: 'Looks good' });
    expect(r.statusCode).toBe(201);
    await run();
    const [got] = rx.at('/ok-comment');
    const body = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>);
    expect(body).toMatchObject({
      type: 'comment.created',
      data: { asset_id: asset, brand_id: brand.id, comment_id: r.json().comment.id, user_id: manager.id },
    });
    // Ids and the subject only: never the comment's words.
    expect(got!.body).not.toContain('Looks good');
  });

  it('tells of an asset whose rights ran out when the daily availability job finds it', async () => {
    const { secret } = await subscribe('/ok-expired', ['asset.expired']);
    const yesterday = addDays(dayOf(t.clock.now()), -1);
    const key = `expired${Math.random().toString(36).slice(2, 7)}`;
    await insertAssets(t.built.handle.db, [
      assetRow(brand.id, brand.root, key, {
        available_until: yesterday,
        availability: 'expiring',
        availability_date: yesterday,
      }),
    ]);
    const { id } = await t.built.handle.db
      .selectFrom('assets')
      .select('id')
      .where('name', '=', `${key}.jpg`)
      .executeTakeFirstOrThrow();
    await enqueue(t.built.handle.db, 'rights.availability', {}, { clock: t.clock });
    await run();
    const got = rx.at('/ok-expired');
    expect(got).toHaveLength(1);
    expect(new Webhook(secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>)).toMatchObject({
      type: 'asset.expired',
      data: { asset_id: id, brand_id: brand.id },
    });
  });

  it('disables a subscription whose event failed every attempt over a day, mails its creator, and re-enables it', async () => {
    const { webhook } = await subscribe('/fail');
    await manager.client.put(`/api/ops/asset/${await newAsset()}/status/change`);
    await run();
    for (const delay of RETRY_DELAYS_MS) {
      t.clock.advance(delay + 1000);
      await run();
    }
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeLessThan(26 * 3_600_000);
    const list = await deliveries(webhook.id);
    expect(list).toHaveLength(8);
    expect(list.every((d: { state: string }) => d.state === 'failed')).toBe(true);
    const w = await hook(webhook.id);
    expect(w).toMatchObject({ enabled: false, disabled_reason: 'HTTP 500', consecutive_failures: 8 });
    const mail = (await t.waitForMails(manager.email)).find((m) => m.text.includes(rx.url('/fail')));
    expect(mail!.subject).toMatch(/webhook .* was turned off/);
    // Disabled: a new event of the brand goes nowhere.
    await manager.client.put(`/api/ops/asset/${await newAsset()}/status/change`);
    await run();
    expect(await deliveries(webhook.id)).toHaveLength(8);
    const on = await manager.client.post(`/api/brand/webhook/${webhook.id}/enable`);
    expect(on.json().webhook).toMatchObject({ enabled: true, consecutive_failures: 0, disabled_at: null });
    expect((await admin.get('/api/ops/audit/all?event=webhook.disable')).json().items[0].target.id).toBe(webhook.id);
  });

  it('sends only the events a subscription asked for, and stops once it is deleted', async () => {
    const { webhook } = await subscribe('/ok-filter', ['asset.restored']);
    const asset = await newAsset();
    await manager.client.put(`/api/ops/asset/${asset}/status/change`);
    await manager.client.put(`/api/ops/asset/${asset}/status/change`);
    await run();
    expect(rx.at('/ok-filter').map((r) => JSON.parse(r.body).type)).toEqual(['asset.restored']);
    expect((await manager.client.req('DELETE', `/api/brand/webhook/${webhook.id}`)).statusCode).toBe(200);
    await manager.client.put(`/api/ops/asset/${asset}/status/change`);
    await manager.client.put(`/api/ops/asset/${asset}/status/change`);
    await run();
    expect(rx.at('/ok-filter')).toHaveLength(1);
  });
});
