// bench/firstload: what a browser downloads and how long it waits on a first visit, in Debian's
// Chromium against the built web app: /login cold (empty cache) and warm (reload), and the brand
// home for the member of the seeded brand when there is one (bench:seed), cold and warm.
// Bytes are what crossed the wire (encoded: after br/gzip); "ready" is from navigation start to
// the screen's first usable control (the sign-in button; a folder or asset card). Prints JSON.
// `--detail` also prints the first cold load of each screen request by request: when it left
// (ms after navigation start), when it ended, its encoded bytes; a waterfall shows as a staircase.
//   npm run firstload -w bench -- [--runs 5] [--data-dir ./data-bench] [--detail]
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { BENCH_PASSWORD, USERS, flag, numOpt, round, signIn, startServer, stats } from '../lib/common.js';
import { ensureWebBuild } from '../lib/web.js';
import { chromiumLaunch } from '../../e2e/support/chromium.js';

const runs = numOpt('runs', 5);
const detail = flag('detail');

/** One request of a load: path, start and end in ms after navigation start, encoded kB. */
type Line = { path: string; start: number; end: number; kB: number };

await ensureWebBuild();
const server = await startServer();
const browser = await chromium.launch(chromiumLaunch);
// The brand home is timed as a returning member meets it: the onboarding tour, which starts by
// itself for a new user and covers the chooser, was taken before.
const member = await signIn(server.base, USERS.member).catch(() => null);
if (member) {
  await fetch(`${server.base}/api/auth/user/tour/update`, {
    method: 'PATCH',
    headers: member.headers,
    body: JSON.stringify({ outcome: 'completed' }),
  });
}

/** Loads `path` and waits for `ready`: encoded bytes, request count and milliseconds. */
async function visit(context: BrowserContext, page: Page, path: string, ready: (p: Page) => Promise<unknown>) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let requests = 0;
  const sent = new Map<string, { path: string; at: number }>();
  const lines: Line[] = [];
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string } }) => {
    if (!t0) t0 = e.timestamp;
    const u = new URL(e.request.url);
    sent.set(e.requestId, { path: u.pathname + u.search, at: e.timestamp });
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests += 1;
    const s = sent.get(e.requestId);
    if (s)
      lines.push({
        path: s.path.slice(0, 90),
        start: round((s.at - t0) * 1000, 0),
        end: round((e.timestamp - t0) * 1000, 0),
        kB: round(e.encodedDataLength / 1024, 1),
      });
  });
  const started = Date.now();
  await page.goto(`${server.base}${path}`);
  await ready(page);
  const ms = Date.now() - started;
  // Bytes are counted until the network rests; a screen that keeps asking (thumbnails of a large
  // brand coming in as they are made) is counted for 10 s at most.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await cdp.detach();
  return { bytes, requests, ms, lines: lines.sort((a, b) => a.start - b.start) };
}

const loginReady = (p: Page) => p.locator('button[type="submit"]').waitFor({ state: 'visible' });
const homeReady = (p: Page) =>
  p.locator('[data-testid^="asset-card-"], [data-testid^="folder-card-"]').first().waitFor({ state: 'visible' });

type Sample = { bytes: number; requests: number; ms: number; lines: Line[] };
const summary = (samples: Sample[], cold = false) => ({
  kB: round(samples[0]!.bytes / 1024, 1),
  requests: samples[0]!.requests,
  ms: stats(samples.map((s) => s.ms)),
  ...(detail && cold ? { first: { ready: samples[0]!.ms, requests: samples[0]!.lines } } : {}),
});

const login = { cold: [] as Sample[], warm: [] as Sample[] };
const home = { cold: [] as Sample[], warm: [] as Sample[] };
let seeded = true;
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  login.cold.push(await visit(context, page, '/login', loginReady));
  login.warm.push(await visit(context, page, '/login', loginReady));
  if (seeded) {
    await page.getByLabel('Email').fill(USERS.member);
    await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
    await page.locator('button[type="submit"]').click();
    // A member of one brand lands in it; of several, on the chooser.
    const landed = await page
      .waitForURL(/\/brand(\/choose)?$/, { timeout: 30_000 })
      .then(() => new URL(page.url()).pathname)
      .catch(() => '');
    seeded = landed !== '';
    if (landed === '/brand/choose') {
      // The chooser's card of the seeded brand, named Bench by the seed.
      await page.locator('[data-testid^="brand-card-"]', { hasText: 'Bench' }).first().click();
      await page.waitForURL('**/brand');
    }
    if (seeded) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      home.cold.push(await visit(context, page, '/brand', homeReady));
      home.warm.push(await visit(context, page, '/brand', homeReady));
    }
  }
  await context.close();
}
await browser.close();
await server.stop();

console.log(
  JSON.stringify(
    {
      runs,
      login: { cold: summary(login.cold, true), warm: summary(login.warm) },
      brandHome: home.cold.length
        ? { cold: summary(home.cold, true), warm: summary(home.warm) }
        : 'no seeded brand (npm run seed -w bench)',
    },
    null,
    2,
  ),
);
