import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAndWorker, request, signIn } from '../../../test/processes.js';
import type { ApiAndWorker } from '../../../test/processes.js';
import { throwawayRedis, until } from '../../../test/throwaway.js';
import { onePass } from '../../../test/dialect.js';

// Redis stopped and started again (empty, as after a restart without persistence) under an API
// process and a worker on the BullMQ driver: nothing exits, readiness says so, jobs wait.
const PASSWORD = 'redis-admin-1';
const EMAIL = 'admin@example.com';
let redis: NonNullable<Awaited<ReturnType<typeof throwawayRedis>>> | null;
let s: ApiAndWorker | undefined;
let port = 0;
const mails = () => s?.mails() ?? 0;
const log = () => s?.log() ?? '';

beforeAll(async () => {
  redis = await throwawayRedis();
  if (!redis) {
    console.warn('\n\n*** SKIPPED: no redis-server on this machine ***\n');
    return;
  }
  s = await apiAndWorker(
    'bv-redis-away-',
    { email: EMAIL, password: PASSWORD },
    { DATABASE_URL: '', REDIS_URL: redis.url, REDIS_PREFIX: 'bv-away' },
  );
  port = s.port;
}, 120_000);

afterAll(async () => {
  await s?.stop();
  await redis?.stop();
});

describe.skipIf(!onePass)('Redis away and back', () => {
  it('keeps every process up, fails readiness meanwhile, and runs the jobs that waited', async (t) => {
    if (!redis) return t.skip();
    const { xsrf, auth } = await signIn(port, EMAIL, PASSWORD);
    const forgot = () => request(port, 'POST', '/api/auth/forgot-password', xsrf, JSON.stringify({ email: EMAIL }));
    const ready = async () => (await request(port, 'GET', '/api/health/ready')).status;
    expect(await ready()).toBe(200);
    expect((await forgot()).status).toBe(200);
    await until('the first mail', () => mails() >= 1, 30_000, log);

    await redis.stop();
    const stoppedAt = Date.now();
    await until('readiness to fail', async () => (await ready()) === 503, 15_000, log);
    // The database still answers: people keep signing in and reading, and what they ask for waits.
    expect((await request(port, 'GET', '/api/auth/me', auth)).status).toBe(200);
    expect((await forgot()).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mails()).toBe(1);

    await redis.start();
    const startedAt = Date.now();
    await until('readiness after Redis is back', async () => (await ready()) === 200, 30_000, log);
    await until('the mail that waited', () => mails() >= 2, 30_000, log);
    console.log(
      `Redis restart: down ${startedAt - stoppedAt} ms; the waiting job ran ${Date.now() - startedAt} ms after it was back`,
    );
    expect(s!.api.alive(), log()).toBe(true);
    expect(s!.worker.alive(), log()).toBe(true);
  }, 120_000);
});
