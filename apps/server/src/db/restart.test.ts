import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayPostgres, until } from '../../test/throwaway.js';
import type { ThrowawayPostgres } from '../../test/throwaway.js';
import { apiAndWorker, request, signIn } from '../../test/processes.js';
import type { Answer, ApiAndWorker } from '../../test/processes.js';
import { onePass } from '../../test/dialect.js';

// A PostgreSQL restart under load, with real processes: an API server (no cluster primary) and a
// separate job worker, on a PostgreSQL server of the test's own that it stops and starts again.
const PASSWORD = 'restart-admin-1';
const EMAIL = 'admin@example.com';
let pg: ThrowawayPostgres | null;
let s: ApiAndWorker | undefined;
let port = 0;
const mails = () => s?.mails() ?? 0;
const log = () => s?.log() ?? '';

beforeAll(async () => {
  pg = await throwawayPostgres();
  if (!pg) {
    console.warn('\n\n*** SKIPPED: no PostgreSQL server binaries (initdb, pg_ctl) on this machine ***\n');
    return;
  }
  s = await apiAndWorker('bv-restart-', { email: EMAIL, password: PASSWORD }, { DATABASE_URL: pg.url });
  port = s.port;
}, 120_000);

afterAll(async () => {
  await s?.stop();
  await pg?.remove();
});

describe.skipIf(!onePass)('a PostgreSQL restart under load', () => {
  it('keeps every process up, answers 503 meanwhile, and recovers without a restart', async (t) => {
    if (!pg) return t.skip();
    const { xsrf, auth } = await signIn(port, EMAIL, PASSWORD);
    const forgot = () => request(port, 'POST', '/api/auth/forgot-password', xsrf, JSON.stringify({ email: EMAIL }));

    // Load: a signed-in read in a loop, every answer kept.
    const answers: { at: number; a: Answer }[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        answers.push({ at: Date.now(), a: await request(port, 'GET', '/api/auth/me', auth) });
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await until('answers under load', () => answers.length >= 5, 10_000, log);

    // A reset mail sent by the worker process before the restart: the worker is up (its start-up
    // queries finished; a slower start, as on Node 24, would otherwise meet the outage).
    expect((await forgot()).status).toBe(200);
    await until('the first reset mail', () => mails() >= 1, 60_000, log);
    const stoppedAt = Date.now();
    pg.stop();
    await until(
      'a 503 during the outage',
      () => answers.some((x) => x.at > stoppedAt && x.a.status === 503),
      15_000,
      log,
    );
    const down = await request(port, 'GET', '/api/health/ready');
    expect(down.status).toBe(503);
    // Down long enough for the worker's polls and the pool's reconnects to fail a few times.
    await new Promise((r) => setTimeout(r, 1500));
    const startedAt = Date.now();
    pg.start();
    await until(
      'readiness after the restart',
      async () => (await request(port, 'GET', '/api/health/ready')).status === 200,
      30_000,
      log,
    );
    await until(
      'a signed-in read after the restart',
      () => answers.some((x) => x.at > startedAt && x.a.status === 200),
      15_000,
      log,
    );
    const recoveredMs = Date.now() - startedAt;

    // A job acknowledged after the restart; both mails are sent by the worker that lived through it.
    expect((await forgot()).status).toBe(200);
    await until('both reset mails', () => mails() >= 2, 30_000, log);
    loading = false;
    await load;

    const during = answers.filter((x) => x.at >= stoppedAt && x.at <= startedAt + recoveredMs);
    const statuses = [...new Set(answers.map((x) => x.a.status))].sort();
    const failed = during.filter((x) => x.a.status !== 200);
    console.log(
      `PostgreSQL restart: ${answers.length} requests, ${failed.length} answered 503 while it was away, ` +
        `recovered ${recoveredMs} ms after it started again (down ${startedAt - stoppedAt} ms)`,
    );
    expect(s!.api.alive(), log()).toBe(true);
    expect(s!.worker.alive(), log()).toBe(true);
    // Every answer is a success or the retryable 503, never a 500 or a dropped connection.
    expect(statuses, log()).toEqual(statuses.filter((s) => s === 200 || s === 503));
    const unavailable = answers.find((x) => x.a.status === 503)!.a;
    expect(unavailable.headers['retry-after']).toBe('5');
    expect(JSON.parse(unavailable.body).error.code).toBe('SERVICE_UNAVAILABLE');
    // The process is ready again long before anyone would restart it by hand.
    expect(recoveredMs).toBeLessThan(15_000);
  }, 120_000);
});
