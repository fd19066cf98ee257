import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeSearchMedia } from '../support/media';

/** The names shown in the results, in order, whichever the view (grid or list). */
const shownNames = (page: Page) =>
  page
    .getByTestId('search-results')
    .locator('[data-asset-name]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-asset-name')));

/** The view switch is a segmented control: its radios are hidden, their labels take the click. */
const chooseView = async (page: Page, view: 'Grid' | 'List') => {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${view}$`) })
    .click();
  await expect(page.getByRole('radio', { name: view })).toBeChecked();
};

test('the searcher finds, filters, sorts and remembers; the viewer zooms, rotates and pages', async ({ page }) => {
  test.setTimeout(120_000);
  const media = makeSearchMedia();
  const name = `Search ${unique('br').slice(-6)}`;

  // Seed through the API: a brand, Campaigns/2026, six files of four kinds, keywords on three.
  const api = await apiAs(page);
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const { brand } = await api.form<{ brand: { id: number } }>('/api/ops/brand/create', { name, slug });
  const tree = await api.get<{ root: { id: number } }>(`/api/ops/folder/tree?brand_id=${brand.id}&with=folders`);
  const folder = async (folderName: string, parentId: number) =>
    (
      await api.send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
        brand_id: brand.id,
        parent_id: parentId,
        name: folderName,
        visibility: 'PUBLIC',
      })
    ).folder.id;
  const campaigns = await folder('Campaigns', tree.root.id);
  const year = await folder('2026', campaigns);
  const ids = {
    ...(await api.upload(brand.id, tree.root.id, [media.aurora])),
    ...(await api.upload(brand.id, campaigns, [media.beach, media.zephyr, media.mango])),
    ...(await api.upload(brand.id, year, [media.coral, media.clip])),
  };
  for (const file of ['aurora-poster.png', 'zephyr-brief.pdf', 'coral-banner.jpg'])
    await api.send('PUT', `/api/ops/asset/${ids[file]}/edit`, { keywords: ['launch'] });

  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');
  // Browsing the root lists its own assets only.
  await expect(page.getByTestId('search-total')).toHaveText('1 asset');
  expect(await shownNames(page)).toEqual(['aurora-poster.png']);

  // A keyword searches the whole brand, and lands in the URL.
  const box = page.getByRole('searchbox', { name: 'Search assets' });
  await box.fill('launch');
  await expect(page).toHaveURL(/[?&]q=launch/);
  await expect(page.getByTestId('search-total')).toHaveText('3 assets');
  expect(await shownNames(page)).toEqual(['aurora-poster.png', 'coral-banner.jpg', 'zephyr-brief.pdf']);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId('search-total')).toHaveText('1 asset');

  // Filters: type, then author (facets come from the results), with removable chips.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page
    .getByTestId('facet-type')
    .getByRole('checkbox', { name: /Document/ })
    .click();
  await expect(page.getByTestId('search-total')).toHaveText('2 assets');
  expect(await shownNames(page)).toEqual(['mango-report.pdf', 'zephyr-brief.pdf']);
  await page
    .getByTestId('facet-author')
    .getByRole('checkbox', { name: /Ana Lopez/ })
    .click();
  await expect(page.getByTestId('search-total')).toHaveText('1 asset');
  expect(await shownNames(page)).toEqual(['zephyr-brief.pdf']);
  await page.getByRole('button', { name: 'Remove filter Author: Ana Lopez' }).click();
  await expect(page.getByTestId('search-total')).toHaveText('2 assets');
  // Within a field the values add up: the other types stay listed with their counts.
  const typeValue = (label: string) =>
    page.getByTestId('facet-type').locator('.mantine-Checkbox-root', { hasText: label });
  await expect(typeValue('Image')).toHaveText(/^Image\s*3$/);
  await typeValue('Image').getByRole('checkbox').click();
  await expect(page.getByTestId('search-total')).toHaveText('5 assets');
  await expect(typeValue('Document')).toHaveText(/^Document\s*2$/);
  await typeValue('Image').getByRole('checkbox').click();
  await expect(page.getByTestId('search-total')).toHaveText('2 assets');

  // Sort by name, both ways, on the images.
  const documents = page.getByTestId('facet-type').getByRole('checkbox', { name: /Document/ });
  await documents.click();
  await expect(documents).not.toBeChecked();
  await page.getByTestId('facet-type').getByRole('checkbox', { name: /Image/ }).click();
  await expect(page.getByTestId('search-total')).toHaveText('3 assets');
  expect(await shownNames(page)).toEqual(['aurora-poster.png', 'beach-photo.jpg', 'coral-banner.jpg']);
  await page.getByTestId('search-sort').click();
  await page.getByRole('option', { name: 'Name (Z–A)' }).click();
  await expect(page).toHaveURL(/sort=name-desc/);
  await expect.poll(() => shownNames(page)).toEqual(['coral-banner.jpg', 'beach-photo.jpg', 'aurora-poster.png']);

  // List view; a reload keeps the view (local storage) and the query (URL).
  await chooseView(page, 'List');
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-view', 'list');
  await expect(page.getByTestId(`asset-row-${ids['coral-banner.jpg']}`)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-view', 'list');
  await expect(page.getByTestId('search-total')).toHaveText('3 assets');
  await expect(page.getByTestId('filter-chips')).toContainText('Asset type: Image');
  expect(await shownNames(page)).toEqual(['coral-banner.jpg', 'beach-photo.jpg', 'aurora-poster.png']);
  // Back undoes the sort change.
  await page.goBack();
  await expect.poll(() => shownNames(page)).toEqual(['aurora-poster.png', 'beach-photo.jpg', 'coral-banner.jpg']);
  await page.goForward();
  await expect.poll(() => shownNames(page)).toEqual(['coral-banner.jpg', 'beach-photo.jpg', 'aurora-poster.png']);
  // The list's headers sort too: by size, largest first, then the other way round; then back by name.
  const bySize = [media.aurora, media.beach, media.coral]
    .map((f) => ({ name: basename(f), size: statSync(f).size }))
    .sort((a, b) => b.size - a.size)
    .map((f) => f.name);
  // A second click turns the order round once the first has shown (the header is pressed).
  const header = (column: string) => page.getByRole('button', { name: `Sort by ${column}` });
  await header('Size').click();
  await expect(page).toHaveURL(/sort=size-desc/);
  await expect(header('Size')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => shownNames(page)).toEqual(bySize);
  await header('Size').click();
  await expect(page).toHaveURL(/sort=size-asc/);
  await expect.poll(() => shownNames(page)).toEqual([...bySize].reverse());
  await header('Name').click();
  // Name A–Z is the default: it leaves the URL.
  await expect(page).not.toHaveURL(/sort=/);
  await expect(header('Name')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => shownNames(page)).toEqual(['aurora-poster.png', 'beach-photo.jpg', 'coral-banner.jpg']);
  await header('Name').click();
  await expect(page).toHaveURL(/sort=name-desc/);
  await expect.poll(() => shownNames(page)).toEqual(['coral-banner.jpg', 'beach-photo.jpg', 'aurora-poster.png']);

  // The viewer, from a grid card, once the previews exist.
  await chooseView(page, 'Grid');
  await expect(page.getByTestId('search-results').locator('img[src*="/api/media/"]')).toHaveCount(3, {
    timeout: 30_000,
  });
  await page.getByTestId(`asset-card-${ids['coral-banner.jpg']}`).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: 'coral-banner.jpg' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`view=${ids['coral-banner.jpg']}`));
  // The open asset is in the URL: a reload reopens it.
  await page.reload();
  await expect(viewer.getByRole('heading', { name: 'coral-banner.jpg' })).toBeVisible();

  const zoomIn = viewer.getByRole('button', { name: 'Zoom in' });
  const zoomOut = viewer.getByRole('button', { name: 'Zoom out' });
  for (let i = 0; i < 5; i++) await zoomIn.click();
  await expect(zoomIn).toBeDisabled();
  await expect(viewer.getByTestId('viewer-zoom')).toHaveText('150%');
  for (let i = 0; i < 10; i++) await zoomOut.click();
  await expect(zoomOut).toBeDisabled();
  await expect(viewer.getByTestId('viewer-zoom')).toHaveText('50%');
  await expect(zoomIn).toBeEnabled();

  await viewer.getByRole('button', { name: 'Rotate' }).click();
  await expect(viewer.locator('[data-rotation="90"]')).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('heading', { name: 'beach-photo.jpg' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('heading', { name: 'aurora-poster.png' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByRole('heading', { name: 'beach-photo.jpg' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page).not.toHaveURL(/view=/);
  await expect(page).toHaveURL(/sort=name-desc/);

  // Multi-select with a shift-click range, then the actions bar: copy the three images into Campaigns.
  const check = (file: string) => page.getByRole('checkbox', { name: `Select ${file}` });
  await check('coral-banner.jpg').click();
  await check('aurora-poster.png').click({ modifiers: ['Shift'] });
  const bar = page.getByTestId('selection-bar');
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Copy' }).click();
  let picker = page.getByRole('dialog');
  await picker.getByRole('option', { name: 'Campaigns' }).click();
  await picker.getByRole('button', { name: 'Copy here' }).click();
  await expect(page.getByText('3 assets were copied.')).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.getByTestId('search-total')).toHaveText('6 assets');

  // One asset's menu: move it into 2026; then remove one, confirmed.
  await page.getByRole('button', { name: 'Actions for aurora-poster.png' }).first().click();
  await page.getByRole('menuitem', { name: 'Move', exact: true }).click();
  picker = page.getByRole('dialog');
  await picker.getByRole('option', { name: '2026' }).click();
  await picker.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByText('1 asset was moved.')).toBeVisible();
  await check('beach-photo.jpg').first().click();
  await bar.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('1 asset was removed.')).toBeVisible();
  await expect(page.getByTestId('search-total')).toHaveText('5 assets');

  // Download from the menu: the original, under its own name.
  await page.getByRole('button', { name: 'Actions for coral-banner.jpg' }).first().click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('coral-banner.jpg');
});
