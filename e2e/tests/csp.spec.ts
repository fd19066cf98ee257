import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { ADMIN, signIn, unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

// The guest pages come first, then the login form: the page starts signed out.
test.use({ signedIn: false });

/**
 * Collects every CSP violation the page reports (the DOM event, and Chromium's own console
 * lines), plus Permissions-Policy header errors, across navigations.
 */
async function watchPolicies(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|\[csp\]|Permissions-Policy/i.test(msg.text()))
      problems.push(`${page.url()}: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `[csp] ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  return problems;
}

/** A full navigation to a page of the app: it must come with the page policy, and render. */
async function visit(page: Page, path: string, referrer = 'strict-origin-when-cross-origin') {
  const res = await page.goto(path);
  expect(res, path).not.toBeNull();
  const headers = await res!.allHeaders();
  // Our own bundled scripts only: no inline script, no eval.
  expect(/(?:^|;)\s*script-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1], path).toBe("'self'");
  expect(headers['x-frame-options'], path).toBe('DENY');
  expect(headers['referrer-policy'], path).toBe(referrer);
  await expect(
    page.locator('#root').locator('h1, h2, h3, button, a[href]').filter({ visible: true }).first(),
  ).toBeVisible();
  // Lazy chunks, fonts and pictures have all been asked for before the next step.
  await page.waitForLoadState('networkidle');
}

test('every page of the web app runs under its Content-Security-Policy without a violation', async ({ page }) => {
  // About twenty screens, each to network idle: 60 s on a quiet machine, 150 s seen under load.
  test.setTimeout(300_000);
  const media = makeMedia();
  const problems = await watchPolicies(page);
  // The notification stream stays open by design, so "network idle" would never come: refused
  // here, the client backs off between tries (the stream has its own journey in comments.spec).
  await page.route('**/api/ops/notification/stream', (route) => route.abort());

  // The guest pages, token pages with no referrer, and the 404 page.
  await visit(page, '/');
  await page.waitForURL('**/login');
  await visit(page, '/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await visit(page, '/register');
  await visit(page, '/password/forgot');
  await visit(page, '/password/reset?token=not-a-token&email=nobody%40example.com', 'no-referrer');
  await visit(page, '/email/verify?id=1&hash=x&expires=1&signature=y', 'no-referrer');
  await visit(page, '/collections/shared/1/public/using/not-a-link', 'no-referrer');
  await visit(page, '/no/such/page');
  await expect(page.getByText('404')).toBeVisible();

  await signIn(page, ADMIN.email, ADMIN.password);
  // The chooser, or the brand itself while the shared server holds only one.
  await page.waitForURL(/\/brand(\/choose)?$/);

  // A brand with a picture, through the admin dialog: its cropper previews a blob: URL.
  const name = `Policy ${unique('br').slice(-6)}`;
  await visit(page, '/brand/all');
  await page.getByRole('button', { name: 'New brand' }).first().click();
  const brandDialog = page.getByRole('dialog');
  await brandDialog.getByLabel('Name', { exact: true }).fill(name);
  await brandDialog.getByLabel('Slug').fill(name.toLowerCase().replace(/\s+/g, '-'));
  await brandDialog.locator('input[type="file"]').first().setInputFiles(media.bars);
  await expect(brandDialog.locator('img[src^="blob:"]')).toBeVisible();
  await brandDialog.getByRole('button', { name: 'Create brand' }).click();
  await expect(brandDialog).toBeHidden();
  // The table holds every journey's brands, 20 a page: searched, the new one is on the first.
  await page.getByRole('searchbox', { name: 'Search brands' }).fill(name);
  await expect(page.getByRole('cell', { name }).first()).toBeVisible();

  // Its home: a folder, and an image, a PDF and a video uploaded through the dialog (tus).
  await visit(page, '/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');
  await page.getByRole('button', { name: 'New folder' }).click();
  const folderDialog = page.getByRole('dialog');
  await folderDialog.getByLabel('Folder name').fill('Campaigns');
  await folderDialog.getByRole('radio', { name: /Public/ }).check();
  await folderDialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(folderDialog).toBeHidden();
  await page
    .getByTestId(/folder-card-/)
    .filter({ hasText: 'Campaigns' })
    .getByRole('link')
    .click();
  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  const uploadDialog = page.getByRole('dialog');
  await uploadDialog.locator('input[type="file"]').setInputFiles([media.sunrise, media.brief, media.clip]);
  await uploadDialog.getByRole('button', { name: /Start upload/ }).click();
  await expect(uploadDialog.getByTestId('upload-status').filter({ hasText: 'Created' })).toHaveCount(3, {
    timeout: 30_000,
  });
  await uploadDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.locator('img[src*="/api/media/derivatives/"]')).toHaveCount(3, { timeout: 30_000 });
  await visit(page, page.url());

  // The viewer: the picture, the video (played from the original) and the PDF's preview.
  // Cards show the name without its extension; the whole name is on the card itself.
  const card = (file: string) => page.locator(`[data-asset-name="${file}"]`).getByTestId(/asset-card-/);
  const viewer = page.getByRole('dialog');
  await card('sunrise.jpg').click();
  await expect(viewer.getByRole('heading', { name: 'sunrise.jpg' })).toBeVisible();
  await expect
    .poll(() => viewer.locator('img[alt="sunrise.jpg"]').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await card('clip.mp4').click();
  await expect.poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await card('brief.pdf').click();
  await expect(viewer.getByRole('link', { name: 'Open PDF' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The asset page, reached from the card's menu and then loaded afresh.
  await page.getByRole('button', { name: 'Actions for sunrise.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Open details' }).click();
  await page.waitForURL('**/brand/asset/*');
  await visit(page, page.url());
  await expect(page.getByLabel('Description')).toBeVisible();

  // Every other route of the router.
  for (const path of [
    '/brand',
    '/brand2',
    '/users',
    '/users/me',
    '/users/create',
    '/users/1/edit',
    '/collections/own',
    '/collections/own/1',
    '/collections/shared/1/using/not-a-link',
    '/asset/manager',
    '/asset/sync',
    '/roles/manage',
    '/share-link/manage',
    '/audit/all',
    '/extension/all',
    '/dashboard',
    '/no/such/page',
  ])
    await visit(page, path, path.startsWith('/collections/shared/') ? 'no-referrer' : undefined);

  expect(problems).toEqual([]);
});
