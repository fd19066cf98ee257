import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminClient, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { enqueueAny } from '../../jobs/queue.js';
import { bullmqSource } from '../../jobs/redis/source.js';
import { memoryLog, testRedisUrl } from '../../../test/jobsDb.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { defineHandler } from '../../jobs/types.js';
import { Worker } from '../../jobs/worker.js';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let withToken: TestApp;
let admin: Client;

beforeAll(async () => {
  // Streams stay open long enough to be counted (the harness ends them after 0.3 s).
  t = await startApp({ NOTIFICATION_STREAM_SECONDS: '60' });
  withToken = await startApp({ METRICS_TOKEN: TOKEN });
  admin = await adminClient(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await withToken?.close();
});

const scrape = async (app: TestApp = t, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.app.inject({ method: 'GET', url: '/api/metrics', headers, remoteAddress });

/** The value of one sample (`name{labels}`), 0 when absent; labels in any order. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = (await scrape()).body;
  for (const line of text.split('\n')) {
    const m = /^([a-z0-9_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe('GET /api/metrics: who may read it', () => {
  it('answers a caller on the server itself in the Prometheus text format', async () => {
    const r = await scrape();
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(r.body).toContain('# TYPE brandvault_http_request_duration_seconds histogram');
  });

  it('without METRICS_TOKEN, refuses other addresses and calls forwarded by a proxy with a 404', async () => {
    expect((await scrape(t, {}, '203.0.113.9')).statusCode).toBe(404);
    const proxied = await scrape(t, { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.json().error.code).toBe('NOT_FOUND');
  });

  it('with METRICS_TOKEN, answers only its bearer, from anywhere', async () => {
    expect((await scrape(withToken)).statusCode).toBe(404);
    expect((await scrape(withToken, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
    expect((await scrape(withToken, { authorization: `Bearer ${TOKEN}` }, '203.0.113.9')).statusCode).toBe(200);
  });
});

describe('GET /api/metrics: the figures move', () => {
  it('counts requests under their route pattern, never the raw URL', async () => {
    const route = { method: 'GET', route: '/api/ops/brand/:id', status: '404' };
    const before = await sample('brandvault_http_request_duration_seconds_count', route);
    for (const id of [987654, 987655, 987656]) expect((await admin.get(`/api/ops/brand/${id}`)).statusCode).toBe(404);
    expect(await sample('brandvault_http_request_duration_seconds_count', route)).toBe(before + 3);
    expect((await scrape()).body).not.toContain('987654');
  });

  it('shows waiting jobs and their age per name, then the failed attempt and the failed job', async () => {
    const name = 'metrics.fail';
    const id = await enqueueAny(t.built.handle.db, name, {}, { clock: t.clock });
    expect(id).not.toBeNull();
    expect(await sample('brandvault_jobs_waiting', { name })).toBe(1);
    t.clock.advance(90_000);
    expect(await sample('brandvault_jobs_oldest_waiting_seconds', { name })).toBeGreaterThanOrEqual(90);

    const failedBefore = await sample('brandvault_job_attempts_total', { name, outcome: 'failed' });
    const worker = new Worker({
      db: t.built.handle.db,
      dialect: t.built.handle.dialect,
      log: memoryLog().log,
      clock: t.clock,
      schedules: false,
      source: t.redisPrefix
        ? bullmqSource({ url: testRedisUrl, prefix: t.redisPrefix, dispatchEveryMs: 20 })
        : undefined,
      handlers: {
        [name]: defineHandler({
          schema: z.object({}),
          run: async () => {
            throw new PermanentJobError('the source folder was deleted');
          },
        }),
      },
    });
    try {
      await worker.runUntilIdle();
    } finally {
      await worker.stop();
    }
    expect(await sample('brandvault_job_attempts_total', { name, outcome: 'failed' })).toBe(failedBefore + 1);
    expect(await sample('brandvault_jobs_failed_24h', { name })).toBe(1);
    expect(await sample('brandvault_jobs_waiting', { name })).toBe(0);
  });

  it('counts open notification streams and the database connections', async () => {
    const before = await sample('brandvault_sse_connections');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stop = new AbortController();
    const res = await fetch(`${address}/api/ops/notification/stream`, {
      headers: { authorization: `Bearer ${admin.token}` },
      signal: stop.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // the stream is registered before its first frame
    expect(await sample('brandvault_sse_connections')).toBe(before + 1);
    stop.abort();
    await reader.cancel().catch(() => undefined);
    // The server hears of the closed connection on its own time: wait for it (a busy machine is slow).
    for (const end = Date.now() + 15_000; Date.now() < end && (await sample('brandvault_sse_connections')) !== before;)
      await new Promise((r) => setTimeout(r, 50));
    expect(await sample('brandvault_sse_connections')).toBe(before);

    const dialect = t.built.handle.dialect;
    const total = await sample('brandvault_db_connections', { dialect, state: 'total' });
    if (dialect === 'sqlite') expect(total).toBe(1);
    else {
      expect(total).toBeGreaterThanOrEqual(1);
      const body = (await scrape()).body;
      for (const state of ['idle', 'waiting'])
        expect(body).toMatch(
          new RegExp(`^brandvault_db_connections\\{dialect="postgres",state="${state}"\\} \\d+$`, 'm'),
        );
    }
  });
});
