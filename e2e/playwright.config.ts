import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './support/chromium';

// Chosen once in the runner process; workers inherit them through the environment.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'bv-e2e-'));
// The one server directory NAS sync may read (SYNC_ROOTS); journeys make their sources inside it.
process.env.E2E_SYNC_ROOT ??= mkdtempSync(join(tmpdir(), 'bv-e2e-sync-'));
const base = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: base,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  webServer: {
    command: 'node --import tsx ../apps/server/src/main.ts',
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
      LOG_LEVEL: 'warn',
      // Notification mail gathers for seconds, not ten minutes, so a journey can read it.
      NOTIFICATION_MAIL_WINDOW_SECONDS: '3',
      SYNC_ROOTS: process.env.E2E_SYNC_ROOT,
    },
  },
});
