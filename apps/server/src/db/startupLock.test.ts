import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, uniqueName } from '../../test/pgDatabases.js';
import { request, serverProcess, signIn } from '../../test/processes.js';
import type { ServerProcess } from '../../test/processes.js';
import { freePort, until } from '../../test/throwaway.js';
import { SQLITE_FILE } from './index.js';
import { dialect } from '../../test/dialect.js';

// Two API processes started at the same moment on a fresh database: migrations and the
// first-start seed run in one of them at a time, and both come up serving the same data.
const PASSWORD = 'startup-admin-1';
const EMAIL = 'admin@example.com';
let started: ServerProcess[] = [];
let cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(started.map((p) => p.kill()));
  for (const c of cleanup) await c();
  started = [];
  cleanup = [];
});

async function startTwo(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bv-startup-'));
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const ports = [await freePort(), await freePort()];
  started = ports.map((port) =>
    serverProcess('src/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      WEB_DIST: join(dataDir, 'no-web'),
    }),
  );
  const log = () => started.map((p, i) => `process ${i}:\n${p.output()}`).join('\n');
  for (const port of ports)
    await until(
      `process on ${port} to be ready`,
      async () => {
        if (!started.every((p) => p.alive())) throw new Error(`a process exited:\n${log()}`);
        return (await request(port, 'GET', '/api/health/ready')).status === 200;
      },
      90_000,
    );
  // Both serve the one administrator the seed created, and stay up.
  for (const port of ports) await signIn(port, EMAIL, PASSWORD);
  expect(
    started.every((p) => p.alive()),
    log(),
  ).toBe(true);
  return dataDir;
}

describe('two API processes started at once on a fresh database', () => {
  it.skipIf(dialect !== 'sqlite' || process.env.TEST_QUEUE === 'redis')(
    'SQLite: both migrate, seed once and serve',
    async () => {
      const dataDir = await startTwo('');
      const file = new SQLite(join(dataDir, SQLITE_FILE), { readonly: true });
      try {
        expect(file.prepare('select count(*) as n from users').get()).toEqual({ n: 1 });
      } finally {
        file.close();
      }
    },
    120_000,
  );

  it.skipIf(dialect !== 'postgres')(
    'PostgreSQL: both migrate, seed once and serve',
    async (t) => {
      const url = process.env.TEST_DATABASE_URL;
      if (!url) {
        console.warn('\n\n*** SKIPPED the PostgreSQL case: TEST_DATABASE_URL is not set ***\n');
        return t.skip();
      }
      const name = uniqueName('bv_startup');
      const databaseUrl = await createDatabase(url, name);
      cleanup.push(() => dropDatabase(url, name));
      await startTwo(databaseUrl);
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        expect((await c.query('select count(*)::int as n from users')).rows).toEqual([{ n: 1 }]);
      } finally {
        await c.end();
      }
    },
    120_000,
  );
});
