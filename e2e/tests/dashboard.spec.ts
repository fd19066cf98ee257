import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

/** Downloads an original as a browser following its link does, with the page's session. */
async function download(page: Page, assetId: number) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('brandvault-state')!) as { state: { token: string } }).state.token,
  );
  const res = await page.request.get(`/api/ops/asset/${assetId}/download`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
}

test('an administrator sees their uploads and downloads on the dashboard, in English, Spanish and on a phone', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  // An administrator of this journey's own: switching to Spanish below is kept on the account,
  // and the shared one must stay in English for the journeys running beside this one.
  const email = `${unique('dash-admin')}@example.com`;
  const password = 'Dashboard-pass-1234';
  await (
    await apiAs(page)
  ).send('POST', '/api/ops/users/create', {
    first_name: 'Dana',
    last_name: 'Board',
    email,
    password,
    password_confirmation: password,
    roles: ['admin'],
  });
  await page.close();
  page = await pageAs({ email, password });
  const api = await apiAs(page);
  // A brand of its own: the other journeys' uploads and downloads are in "all my brands".
  const name = `Dashboard ${unique('db').slice(-6)}`;
  const { brand } = await api.form<{ brand: { id: number; root_folder_id: number } }>('/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
  });
  const { folder } = await api.send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
    brand_id: brand.id,
    parent_id: brand.root_folder_id,
    name: 'Campaigns',
    visibility: 'PUBLIC',
  });
  const ids = await api.upload(brand.id, folder.id, [media.sunrise, media.bars, media.brief]);
  await download(page, ids['sunrise.jpg']!);
  await download(page, ids['sunrise.jpg']!);
  await download(page, ids['brief.pdf']!);

  // The first menu item.
  await page.reload();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link').first()).toHaveText('Dashboard');
  await menu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // A plain select, or a searchable one once the server holds many brands (other journeys make theirs).
  await page
    .getByRole('textbox', { name: 'Brand' })
    .or(page.getByRole('combobox', { name: 'Brand' }))
    .click();
  await page.getByRole('option', { name }).click();
  await expect(page).toHaveURL(new RegExp(`brand=${brand.id}`));

  const summary = page.getByTestId('dashboard-summary');
  await expect(summary).toContainText('Assets3');
  await expect(summary).toContainText('Uploads3');
  await expect(summary).toContainText('Downloads3');
  // The charts: uploads and downloads by day, storage by type.
  const activity = page.getByTestId('dashboard-activity');
  await expect(activity.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(activity).toContainText('Uploads');
  await expect(page.getByTestId('dashboard-types').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-types').getByRole('row', { name: /Image\s*2/ })).toBeVisible();
  await expect(page.getByTestId('dashboard-types').getByRole('row', { name: /Document\s*1/ })).toBeVisible();
  const top = page.getByTestId('dashboard-top').getByRole('listitem');
  await expect(top.first()).toContainText('sunrise.jpg');
  await expect(top.first()).toContainText('2');
  await expect(page.getByTestId('dashboard-folders')).toContainText('Campaigns');
  await expect(page.getByTestId('dashboard-recent')).toContainText('Downloaded an asset');
  await expect(page.getByTestId('dashboard-mine')).toContainText('You downloaded');

  // The most downloaded opens in its brand.
  await page.getByTestId('dashboard-top').getByRole('button', { name: 'sunrise.jpg' }).click();
  await expect(page).toHaveURL(new RegExp(`/brand/asset/${ids['sunrise.jpg']}$`));
  await page.goBack();

  // In Spanish, with the same figures.
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
  await expect(summary).toContainText('Recursos3');
  await expect(page.getByTestId('dashboard-top')).toContainText('Más descargados');
  await expect(page.getByTestId('dashboard-types').getByRole('row', { name: /Imagen\s*2/ })).toBeVisible();
  await page.getByText('90 días', { exact: true }).click();
  await expect(page).toHaveURL(/days=90/);
  await expect(page.getByTestId('dashboard-activity')).toContainText('últimos 90 días');

  // A phone: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(activity.locator('svg.recharts-surface').first()).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    cards: [...document.querySelectorAll('[data-testid^="dashboard-"]')].map((e) => e.getBoundingClientRect().right),
  }));
  expect(widths.page).toBeLessThanOrEqual(390);
  for (const right of widths.cards) expect(right).toBeLessThanOrEqual(390);
  const [a, b] = await Promise.all([
    page.getByTestId('dashboard-activity').boundingBox(),
    page.getByTestId('dashboard-types').boundingBox(),
  ]);
  expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  await page.screenshot({ path: test.info().outputPath('dashboard-390.png'), fullPage: true });
});
