import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, dialect } from '../../../test/harness.js';
import { freePort } from '../../../test/throwaway.js';
import { DEAD_TEMP_MS, LONGEST_UPLOAD_MS } from './staleUploads.js';

// The real entry point, started on a data dir holding what a crash left, with the job worker off
// so that only the sweep at start can remove anything.
const serverDir = new URL('../../..', import.meta.url).pathname;
const pgUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const databases: string[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const db of databases) await adminQuery(pgUrl!, `drop database if exists ${db}`);
});

/** A file last written `ageMs` ago. */
function fileAged(path: string, ageMs: number) {
  writeFileSync(path, 'partial upload bytes');
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
}

/** Starts main.ts, waits until it answers, and stops it again. */
async function startAndStop(dataDir: string, webConcurrency: number) {
  let databaseUrl = '';
  if (pgUrl) {
    const name = `bv_sweep_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(pgUrl, `create database ${name}`);
    databases.push(name);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  // A port nobody holds now: a random one collided with another suite's server once (EADDRINUSE).
  const port = await freePort();
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      WEB_CONCURRENCY: String(webConcurrency),
      JOBS_IN_SERVER: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: 'sweep-admin-1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 600 || server.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

describe('stale uploads at start', () => {
  it.each([1, 2])(
    'are swept before serving (WEB_CONCURRENCY=%i); younger ones stay',
    async (webConcurrency) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'bv-sweep-'));
      dirs.push(dataDir);
      const temps = join(dataDir, 'blobs', '.tmp');
      const tus = join(dataDir, 'tus');
      mkdirSync(temps, { recursive: true });
      mkdirSync(tus, { recursive: true });
      const stale = LONGEST_UPLOAD_MS + 60 * 60_000;
      const fresh = LONGEST_UPLOAD_MS - 60 * 60_000;
      // A temp (upload, zip, template) is dead once nothing has written to it for DEAD_TEMP_MS.
      const staleTemp = randomUUID();
      const freshTemp = randomUUID();
      fileAged(join(temps, staleTemp), DEAD_TEMP_MS + 60_000);
      fileAged(join(temps, freshTemp), DEAD_TEMP_MS - 5 * 60_000);
      const reserveTemp = join(dataDir, `.disk-reserve.${randomUUID()}.tmp`);
      fileAged(reserveTemp, 0);
      const tusId = () => randomUUID().replace(/-/g, '');
      const staleTus = tusId();
      const freshTus = tusId();
      const resumedTus = tusId();
      for (const id of [staleTus, freshTus, resumedTus]) {
        fileAged(join(tus, `${id}.json`), id === freshTus ? fresh : stale);
        // A resumed upload: created long ago, but its part was written to lately.
        fileAged(join(tus, id), id === staleTus ? stale : fresh);
      }
      // Half an upload (its creation cut short): gone once dead; a younger half stays.
      const [loneDead, loneYoung] = [tusId(), tusId()];
      fileAged(join(tus, `${loneDead}.json`), DEAD_TEMP_MS + 60_000);
      fileAged(join(tus, loneYoung), DEAD_TEMP_MS - 5 * 60_000);

      await startAndStop(dataDir, webConcurrency);

      expect(existsSync(join(temps, staleTemp))).toBe(false);
      expect(existsSync(join(temps, freshTemp))).toBe(true);
      expect(existsSync(reserveTemp)).toBe(false);
      expect(existsSync(join(tus, `${loneDead}.json`))).toBe(false);
      expect(existsSync(join(tus, loneYoung))).toBe(true);
      expect(existsSync(join(tus, staleTus))).toBe(false);
      expect(existsSync(join(tus, `${staleTus}.json`))).toBe(false);
      for (const id of [freshTus, resumedTus]) {
        expect(existsSync(join(tus, id))).toBe(true);
        expect(existsSync(join(tus, `${id}.json`))).toBe(true);
      }
    },
    120_000,
  );
});
