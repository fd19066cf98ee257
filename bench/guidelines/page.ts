// bench/guidelines page: a published guidelines page of --blocks blocks (text, palette, image,
// do/don't, typography, asset grid, callout, divider) over --assets photos, read by a member in
// Debian's Chromium against the built web app: once cold (empty cache), then --runs warm loads
// (reloads). "Interactive", as bench/firstload's "ready": from navigation start until the last
// block is rendered and the page's controls can be used (every block in the page, the last one
// laid out, no skeleton left, a copy or download button enabled), checked in the page every
// frame. Limit (issue 45): 1 s warm. Also the page answer's own time and end, the first API call's
// start (the app's JavaScript run), and the images asked for until the network rests. Prints JSON.
//   npm run guidelines-page -w bench -- [--runs 10] [--blocks 40] [--assets 100] [--data-dir DIR]
// Without --data-dir (or DATA_DIR) it seeds a temporary one; a directory it seeded before is reused.
//   [--profile DIR]: a CPU profile of one more warm load (Chrome DevTools format).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumLaunch } from '../../e2e/support/chromium.js';
import { BENCH_PASSWORD, numOpt, opt, round, startServer, stats } from '../lib/common.js';
import { ensureWebBuild } from '../lib/web.js';
import { BRAND_NAME, MEMBER, seedGuidelinePage } from './pageSeed.js';

const RUNS = numOpt('runs', 10);
const BLOCKS = numOpt('blocks', 40);
const ASSETS = numOpt('assets', 100);
const PROFILE = opt('profile', '');
const LIMIT_MS = 1000;

const ownDir = !opt('data-dir', '') && !process.env.DATA_DIR;
if (ownDir) process.env.DATA_DIR = await mkdtemp(join(tmpdir(), 'bv-bench-guide-'));
const load = [loadavg()[0]!];

await ensureWebBuild();
// The seed's server runs the job worker (thumbnails and previews); the timed one runs as shipped.
const seeding = await startServer({ JOBS_IN_SERVER: 'true', WEB_CONCURRENCY: '1' });
const seeded = await seedGuidelinePage(seeding.base, ASSETS, BLOCKS).finally(() => seeding.stop());
const server = await startServer();
const url = `${server.base}/brand/guidelines/${seeded.pageId}`;

/**
 * Set in the page before its scripts: when the page became interactive, by the definition above.
 * Plain text, since tsx wraps a function's inner functions in a helper the page does not have.
 */
const watchInteractive = (blocks: number) => `
  // A hundred images, the app's chunks and its calls pass the default 250 entries.
  performance.setResourceTimingBufferSize(2000);
  const done = () => {
    const shown = document.querySelectorAll('[data-testid="guideline-page"] [data-block]');
    if (shown.length < ${blocks}) return false;
    if (!shown[shown.length - 1].getBoundingClientRect().height) return false;
    if (document.querySelector('[data-testid="guideline-page"] .mantine-Skeleton-root')) return false;
    return !!document.querySelector('[data-testid="guideline-page"] [data-block] button:not([disabled])');
  };
  // Checked once a frame (a layout read on every mutation would slow the page it times).
  const check = () => {
    if (done()) window.__interactive = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

type Timing = { name: string; startTime: number; responseEnd: number; transferSize: number; initiatorType: string };

/** One load of the page: interactive, the page answer, the first call, images (ms after navigation). */
async function visit(page: Page) {
  await page.goto(url);
  await page
    .waitForFunction(() => (window as unknown as { __interactive?: number }).__interactive, null, { timeout: 60_000 })
    .catch(async (e: unknown) => {
      // What the page showed instead, for whoever reads the error.
      await page.screenshot({ path: join(tmpdir(), 'guidelines-page-timeout.png') });
      throw e;
    });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  return page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as unknown as Timing[];
    const api = entries.filter((e) => new URL(e.name).pathname.startsWith('/api/'));
    const answer = api.find((e) => /\/api\/ops\/guideline\/\d+$/.test(new URL(e.name).pathname));
    const images = entries.filter((e) => e.initiatorType === 'img');
    return {
      interactive: (window as unknown as { __interactive: number }).__interactive,
      first_api_start: Math.min(...api.map((e) => e.startTime)),
      answer_start: answer?.startTime ?? NaN,
      answer_end: answer?.responseEnd ?? NaN,
      answer_kB: (answer?.transferSize ?? 0) / 1024,
      images: images.length,
      images_kB: images.reduce((s, e) => s + e.transferSize, 0) / 1024,
      images_end: Math.max(0, ...images.map((e) => e.responseEnd)),
      requests: entries.length,
      // The calls of the load in order, for a waterfall: path, start and end (ms after navigation).
      calls: api.map((e) => `${new URL(e.name).pathname} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`),
    };
  });
}
type Sample = Awaited<ReturnType<typeof visit>>;

async function signedIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`${server.base}/login`);
  await page.getByLabel('Email').fill(MEMBER);
  await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await page.locator('button[type="submit"]').click();
  // A member of one brand goes straight to its home; of several, to the chooser first.
  await page.waitForURL(/\/brand(\/choose)?$/);
  if (page.url().endsWith('/choose')) {
    await page.locator('[data-testid^="brand-card-"]', { hasText: BRAND_NAME }).first().click();
    await page.waitForURL('**/brand');
  }
  await page.addInitScript({ content: watchInteractive(BLOCKS) });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return page;
}

const summary = (s: Sample[]) => ({
  interactive_ms: stats(s.map((x) => x.interactive)),
  first_api_start_ms: stats(s.map((x) => x.first_api_start)),
  page_answer_ms: stats(s.map((x) => x.answer_end - x.answer_start)),
  page_answer_end_ms: stats(s.map((x) => x.answer_end)),
  page_answer_kB: round(s[0]!.answer_kB, 1),
  images: s[0]!.images,
  images_kB: round(s[0]!.images_kB, 1),
  images_end_ms: stats(s.map((x) => x.images_end)),
  requests: s[0]!.requests,
});

const browser = await chromium.launch(chromiumLaunch);
try {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await signedIn(context);
  const cold = await visit(page);
  const warm: Sample[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await visit(page));
  load.push(loadavg()[0]!);
  if (PROFILE) {
    await mkdir(PROFILE, { recursive: true });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    await visit(page);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    await writeFile(join(PROFILE, 'guidelines-page.cpuprofile'), JSON.stringify(profile));
  }
  const p50 = stats(warm.map((x) => x.interactive)).p50;
  const p95 = stats(warm.map((x) => x.interactive)).p95;
  console.log(
    JSON.stringify(
      {
        bench: 'guidelines-page',
        blocks: BLOCKS,
        assets: ASSETS,
        runs: RUNS,
        reused_seed: seeded.reused,
        limit_ms: LIMIT_MS,
        warm_p50_ratio_to_limit: round(p50 / LIMIT_MS, 2),
        warm_p95_ratio_to_limit: round(p95 / LIMIT_MS, 2),
        cold: { ...summary([cold]), calls: cold.calls },
        warm: { ...summary(warm), last_calls: warm[warm.length - 1]!.calls },
        load_average_1m: load.map((l) => round(l, 2)),
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.stop();
  if (ownDir) await rm(process.env.DATA_DIR!, { recursive: true, force: true });
}
