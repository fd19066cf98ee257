import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { request, serverProcess } from '../../test/processes.js';
import type { ServerProcess } from '../../test/processes.js';
import { freePort, until } from '../../test/throwaway.js';
import { SQLITE_FILE } from '../db/index.js';
import { onePass } from '../../test/dialect.js';

// A worker process killed (SIGKILL) in the middle of a job: another worker runs it once the short
// lease has run out, and runs it once. The job is a reset mail to an SMTP server that never
// answers, so the first worker is surely mid-job when it dies.
const EMAIL = 'admin@example.com';
const LEASE_SECONDS = 2;
const started: ServerProcess[] = [];
const silent = net.createServer(() => undefined);
let dataDir = '';

afterAll(async () => {
  await Promise.all(started.map((p) => p.kill()));
  silent.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onePass)('a worker killed mid-job', () => {
  it('leaves its job to another worker after the lease, run exactly once', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bv-lease-'));
    const port = await freePort();
    const smtpPort = await freePort();
    await new Promise<void>((r) => silent.listen(smtpPort, '127.0.0.1', r));
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: 'lease-admin-1',
      WEB_DIST: join(dataDir, 'no-web'),
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    const api = serverProcess('src/main.ts', { ...env, JOBS_IN_SERVER: 'false' });
    started.push(api);
    const log = () => started.map((p, i) => `process ${i}:\n${p.output()}`).join('\n');
    await until('the API', async () => (await request(port, 'GET', '/api/health/ready')).status === 200, 60_000, log);
    const first = serverProcess('src/worker.ts', { ...env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    started.push(first);

    const csrf = await request(port, 'GET', '/api/auth/csrf-cookie');
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(csrf.headers['set-cookie'] ?? ''))![1]!;
    const h = { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}`, 'content-type': 'application/json' };
    expect((await request(port, 'POST', '/api/auth/forgot-password', h, JSON.stringify({ email: EMAIL }))).status).toBe(
      200,
    );

    const db = new SQLite(join(dataDir, SQLITE_FILE), { readonly: true });
    const job = () =>
      db.prepare("select status, attempts from jobs where name = 'mail.send' order by id desc limit 1").get() as
        { status: string; attempts: number } | undefined;
    try {
      await until('the first worker to take the job', () => job()?.status === 'running', 30_000, log);
      await first.kill('SIGKILL');
      const killedAt = Date.now();
      started.push(serverProcess('src/worker.ts', env));
      const mails = () => readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.json')).length;
      await until(
        'the mail from the second worker',
        () => (job()?.status === 'done' ? mails() > 0 : false),
        60_000,
        log,
      );
      const tookMs = Date.now() - killedAt;
      console.log(`Worker killed mid-job: run again and done ${tookMs} ms later (lease ${LEASE_SECONDS} s)`);
      expect(mails()).toBe(1);
      expect(job()).toEqual({ status: 'done', attempts: 2 });
    } finally {
      db.close();
    }
  }, 120_000);
});
