import { execFileSync } from 'node:child_process';
import { expect, test } from '../support/test';
import type { PageAs } from '../support/test';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { mailsTo, unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

/**
 * A brand seeded by the admin: sunrise, bars and fractal at the root, Campaigns/brief.pdf and
 * Campaigns/2026/clip.mp4; and a member of its own (the admin's jobs and bell are shared with the
 * other journeys), signed in on a fresh page.
 */
async function seed(pageAs: PageAs, page: Page) {
  const media = makeMedia();
  const api = await apiAs(page);
  const name = `Downloads ${unique('dl').slice(-6)}`;
  const { brand } = await api.form<{ brand: { id: number; root_folder_id: number } }>('/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
  });
  const folder = async (folderName: string, parentId: number) =>
    (
      await api.send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
        brand_id: brand.id,
        parent_id: parentId,
        name: folderName,
        visibility: 'PUBLIC',
      })
    ).folder.id;
  const campaigns = await folder('Campaigns', brand.root_folder_id);
  const year = await folder('2026', campaigns);
  await api.upload(brand.id, brand.root_folder_id, [media.sunrise, media.bars, media.fractal]);
  await api.upload(brand.id, campaigns, [media.brief]);
  await api.upload(brand.id, year, [media.clip]);

  const email = `${unique('downloader')}@example.com`;
  const password = 'Download-pass-123';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Dana',
    last_name: 'Download',
    email,
    password,
    password_confirmation: password,
    roles: ['member'],
    brands: [brand.id],
  });
  const member = await pageAs({ email, password });
  await member.getByRole('button', { name: new RegExp(name) }).click();
  await member.waitForURL('**/brand');
  // Thumbnails made: the PDF shows previews, not type icons.
  await expect(member.getByTestId('search-results').locator('img[src*="/api/media/"]')).toHaveCount(3, {
    timeout: 30_000,
  });
  return { member, email };
}

/** Queues what is selected with the chosen option; answers the job's id. */
async function queue(page: Page, option: string, submit: string) {
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download' });
  await expect(dialog.getByTestId('download-limits')).toContainText('Up to 10,000 files and 50 GB per download');
  await dialog.getByRole('radio', { name: option }).click();
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/ops/asset/download/get/queue')),
    dialog.getByRole('button', { name: submit }).click(),
  ]);
  expect(answer.status()).toBe(202);
  await expect(dialog).toBeHidden();
  return ((await answer.json()) as { job_id: number }).job_id;
}

test('a folder and three assets download as a zip that keeps the tree', async ({ pageAs, page }) => {
  test.setTimeout(150_000);
  const { member, email } = await seed(pageAs, page);

  await member.getByRole('checkbox', { name: 'Select Campaigns' }).check();
  for (const file of ['sunrise.jpg', 'bars.jpg', 'fractal.jpg'])
    await member.getByRole('checkbox', { name: `Select ${file}` }).check();
  const bar = member.getByTestId('selection-bar');
  await expect(bar).toContainText('1 folder, 3 assets selected');
  // Moving or removing do not take folders: only the download is offered.
  await expect(bar.getByRole('button', { name: 'Move' })).toHaveCount(0);

  const jobId = await queue(member, 'Zip archive', 'Prepare zip');
  // The spec's notice, with the default count while the folder is not yet walked.
  const toast = member.locator('.mantine-Notification-root').filter({ hasText: 'Preparing your download' });
  await expect(toast).toContainText("Many files. We'll let you know when it's ready.");
  await expect(bar).toHaveCount(0);

  // The jobs indicator lists the build, and offers the file once it is done.
  await member.getByRole('button', { name: /^Background tasks/ }).click();
  const job = member.getByTestId(`job-${jobId}`);
  await expect(job).toContainText('Zip or PDF download');
  await expect(job.getByRole('button', { name: 'Download' })).toBeVisible({ timeout: 60_000 });
  await expect(job).toContainText('5 files');
  const [download] = await Promise.all([
    member.waitForEvent('download'),
    job.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Downloads \w+ \d{4}-\d\d-\d\d \d\d\.\d\d\.zip$/);
  const zip = await download.path();
  execFileSync('unzip', ['-tq', zip]);
  const entries = execFileSync('unzip', ['-Z1', zip])
    .toString()
    .split('\n')
    .filter((e) => e && !e.endsWith('/'))
    .sort();
  expect(entries).toEqual(['Campaigns/2026/clip.mp4', 'Campaigns/brief.pdf', 'bars.jpg', 'fractal.jpg', 'sunrise.jpg']);
  await member.keyboard.press('Escape');

  // The bell says it is ready, and leads to My downloads.
  const bell = member.getByTestId('notifications-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
  await bell.click();
  await member.getByRole('button', { name: /^Your download is ready: Downloads \w+ / }).click();
  await member.waitForURL('**/downloads');
  const row = member.locator('[data-testid^="download-"]').first();
  await expect(row).toContainText('Ready');
  await expect(row).toContainText('Zip · 5 files');
  await expect(row).toContainText(/Expires in (23|24) hours/);
  // And an e-mail with a link to the same page.
  await expect
    .poll(() => mailsTo(email).flatMap((m) => m.links), { timeout: 30_000 })
    .toContainEqual(expect.stringMatching(/\/downloads$/));
});

test('three assets export as a PDF with a cover and one page each', async ({ pageAs, page }) => {
  test.setTimeout(150_000);
  const { member } = await seed(pageAs, page);
  for (const file of ['sunrise.jpg', 'bars.jpg', 'fractal.jpg'])
    await member.getByRole('checkbox', { name: `Select ${file}` }).check();
  await queue(member, 'PDF, one asset per page', 'Prepare PDF');
  const toast = member.locator('.mantine-Notification-root').filter({ hasText: 'Processing your PDF' });
  await expect(toast).toContainText("3 files. We'll let you know when it's ready.");

  await member.getByTestId('profile-menu').click();
  await member.getByRole('menuitem', { name: 'My downloads' }).click();
  await member.waitForURL('**/downloads');
  const row = member.locator('[data-testid^="download-"]').first();
  // The page follows the build and shows the file when it is done.
  await expect(row).toContainText('Ready', { timeout: 60_000 });
  await expect(row).toContainText('PDF · one asset per page · 3 files');
  const [download] = await Promise.all([
    member.waitForEvent('download'),
    row.getByRole('button', { name: /^Download / }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const info = execFileSync('pdfinfo', [await download.path()]).toString();
  expect(info).toMatch(/^Pages:\s+4$/m);
});
