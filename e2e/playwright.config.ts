import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './support/chromium';
import { REPO_ROOT, RESULTS_DIR, SERVER_LOG } from './support/paths';

export { RESULTS_DIR } from './support/paths';

// Chosen once in the runner process; workers inherit them through the environment.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'bv-e2e-'));
// The one server directory NAS sync may read (SYNC_ROOTS); journeys make their sources inside it.
process.env.E2E_SYNC_ROOT ??= mkdtempSync(join(tmpdir(), 'bv-e2e-sync-'));
// The administrator's stored sign-in (global-setup.ts writes it, journeys start from it).
process.env.E2E_ADMIN_STATE ??= join(mkdtempSync(join(tmpdir(), 'bv-e2e-state-')), 'admin.json');
const base = `http://127.0.0.1:${process.env.E2E_PORT}`;

// The journeys run the server and web app as built, never their TypeScript: build what is missing
// or older than its sources, once, in the runner (workers load this file too).
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_BUILT) {
  try {
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build-if-stale.mjs')], { stdio: 'inherit' });
  } catch {
    throw new Error('The browser journeys need the built server and web app, and `npm run build` failed.');
  }
  process.env.E2E_BUILT = '1';
}

export default defineConfig({
  testDir: './tests',
  // Failures' traces, screenshots and server.log, one folder per failing journey (print RESULTS_DIR).
  outputDir: RESULTS_DIR,
  timeout: 60_000,
  // What a user waits for (a row, a toast, a URL) may take this long on two cores shared with other
  // work: a reload of the searcher took over 10 s to show its results at load 20.
  expect: { timeout: 20_000 },
  workers: 2,
  // Every journey makes its own data, so a file's journeys may run on both workers: the long
  // files (a11y's six) no longer hold one worker while the other idles.
  fullyParallel: true,
  // A journey that fails fails the run: a pass on a second try would hide a real failure.
  retries: 0,
  reporter: [['list'], ['./support/failure-folder.ts']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: base,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    // Actions, DOM snapshots, network and console, kept for a failing journey; without the screencast,
    // which made every journey a fifth slower on two cores (its failure screenshot is taken anyway).
    trace: { mode: 'retain-on-failure', screenshots: false },
    // A click on something that never comes fails within half a minute, naming it, rather than
    // at the journey's timeout (up to 5 min).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    launchOptions: chromiumLaunch,
  },
  webServer: {
    // The compiled server (npm run build), its output kept whole for the failing journeys' excerpts.
    command: `mkdir -p '${RESULTS_DIR}' && exec node --conditions=brandvault-dist --enable-source-maps '${join(REPO_ROOT, 'apps/server/dist/main.js')}' > '${SERVER_LOG}' 2>&1`,
    url: `${base}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_URL: base,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-e2e-password',
      LOG_LEVEL: 'info',
      // Notification mail gathers for seconds, not ten minutes, so a journey can read it.
      NOTIFICATION_MAIL_WINDOW_SECONDS: '3',
      SYNC_ROOTS: process.env.E2E_SYNC_ROOT,
      // Webhook journeys deliver to a receiver the test starts on loopback.
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      // Models (OCR, objects, faces) only where a journey is about them: it runs its own server.
      ANALYSIS: 'colours',
      ANALYSIS_NICE: '0',
    },
  },
});
