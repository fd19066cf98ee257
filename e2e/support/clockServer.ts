import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';
import { ADMIN } from './fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A server of its own whose clock a journey moves, so days can pass without the shared one's. */
export interface ClockServer {
  url: string;
  /** Moves the server's clock `days` further ahead (its worker then runs that day's jobs). */
  advanceDays(days: number): void;
  /** Stops the server; `keepLogAt` copies its log there first (a failing journey's evidence). */
  stop(keepLogAt?: string): Promise<void>;
}

/**
 * Starts the built server on its own port and data directory with TEST_CLOCK_FILE set, signed-in
 * administrator and all, and `env` on top (a journey's own settings); answers once it is healthy. The shared server stays on the real time, so
 * the journeys beside this one keep their links and sign-ins.
 */
export async function startClockServer(env: Record<string, string> = {}): Promise<ClockServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bv-e2e-clock-'));
  const clockFile = join(dir, 'clock');
  writeFileSync(clockFile, '0');
  const port = 40000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}`;
  const log = join(dir, 'server.log');
  const out = openSync(log, 'a');
  const child = spawn(
    process.execPath,
    ['--conditions=brandvault-dist', '--enable-source-maps', join(REPO_ROOT, 'apps/server/dist/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        APP_URL: url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        WEB_CONCURRENCY: '1',
        TEST_CLOCK_FILE: clockFile,
        ANALYSIS: 'colours',
        ANALYSIS_NICE: '0',
        ...env,
      },
      stdio: ['ignore', out, out],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let ahead = 0;
  const server: ClockServer = {
    url,
    advanceDays(days) {
      ahead += days * DAY_MS;
      writeFileSync(clockFile, String(ahead));
    },
    async stop(keepLogAt) {
      child.kill('SIGTERM');
      await exited;
      if (keepLogAt) copyFileSync(log, keepLogAt);
    },
  };
  // Healthy within the web server's own allowance (playwright.config.ts), or the start failed.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the clock server exited (${child.exitCode}); see ${log}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the clock server did not answer within 90 s; see ${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
