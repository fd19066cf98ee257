import { expect, test } from '../support/test';
import type { Locator, Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

const PHONE = { width: 390, height: 844 };

/** The names in the results, in order, whichever the view. */
const shownNames = (page: Page) =>
  page
    .getByTestId('search-results')
    .locator('[data-asset-name]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-asset-name')));

/** Whether the page can be scrolled sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Fully on screen, left to right. */
async function expectWithinWidth(el: Locator, width: number) {
  const box = await el.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** A brand with a Campaigns folder holding three pictures and a PDF. */
async function seed(page: Page) {
  const api = await apiAs(page);
  const media = makeMedia();
  const name = `Phone ${unique('b').slice(-6)}`;
  const { brand } = await api.send<{ brand: { id: number; root_folder_id: number } }>('POST', '/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  });
  const { folder } = await api.send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
    brand_id: brand.id,
    parent_id: brand.root_folder_id,
    name: 'Campaigns',
    visibility: 'PUBLIC',
  });
  const ids = await api.upload(brand.id, folder.id, [media.sunrise, media.bars, media.fractal, media.brief]);
  return { name, folderId: folder.id, ids };
}

test.use({ viewport: PHONE });

test('on a phone: browse a folder, open and close the viewer, list names, filters drawer, nothing scrolls sideways', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { name, folderId, ids } = await seed(page);
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');

  // The folder tree is a drawer: a folder picked in it opens, and the drawer goes away.
  await expect(page.getByRole('tree', { name: 'Folder tree' })).toBeHidden();
  await page.getByRole('button', { name: 'Show folders' }).click();
  const treeDrawer = page.getByRole('dialog', { name: 'Folders' });
  await treeDrawer.getByRole('link', { name: 'Campaigns' }).click();
  await page.waitForURL(`**/brand?folder=${folderId}`);
  await expect(treeDrawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByTestId('search-total')).toHaveText('4 assets');

  // The grid: two square tiles side by side.
  const cards = page.getByTestId('search-results').locator('[data-tour="asset-card"]');
  await expect(cards).toHaveCount(4);
  const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
  expect(a!.y).toBe(b!.y);
  expect(c!.y).toBeGreaterThan(a!.y);
  const thumb = await cards.first().locator('a > div').first().boundingBox();
  expect(Math.abs(thumb!.width - thumb!.height)).toBeLessThanOrEqual(1);
  await expectWithinWidth(cards.nth(1), PHONE.width);

  // The viewer: its toolbar fits the screen, Close is in view and closes it.
  await page.getByTestId(`asset-card-${ids['bars.jpg']}`).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: 'bars.jpg' })).toBeVisible();
  const close = viewer.getByRole('button', { name: 'Close', exact: true });
  await expect(close).toBeInViewport({ ratio: 1 });
  const toolEdges = await viewer
    .getByRole('toolbar')
    .locator('button, a')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.right]));
  expect(toolEdges.length).toBeGreaterThan(5);
  for (const [left, right] of toolEdges) {
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(PHONE.width);
  }
  await close.click();
  await expect(viewer).toBeHidden();
  await expect(page).not.toHaveURL(/view=/);

  // The list view: every name in full sight, with type and size under it.
  await page
    .locator('label')
    .filter({ hasText: /^List$/ })
    .click();
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-view', 'list');
  for (const file of ['bars.jpg', 'brief.pdf', 'fractal.jpg', 'sunrise.jpg']) {
    const row = page.getByTestId(`asset-row-${ids[file]}`);
    await expect(row.getByText(file, { exact: true })).toBeInViewport({ ratio: 1 });
  }
  const briefRow = page.getByTestId(`asset-row-${ids['brief.pdf']}`);
  await expect(briefRow.getByTestId('row-sub')).toBeVisible();
  await expect(briefRow.getByTestId('row-sub')).toHaveText(/^Document · PDF · \d+ B$/);

  // The filters drawer: a filter applies behind it, and its button shows the results.
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters
    .getByTestId('facet-type')
    .getByRole('checkbox', { name: /Document/ })
    .click();
  await expect(page.getByTestId('search-total')).toHaveText('1 asset');
  await filters.getByRole('button', { name: 'Show 1 asset' }).click();
  await expect(filters).toBeHidden();
  await expect(page.getByTestId('filter-chips')).toContainText('Asset type: Document');
  expect(await shownNames(page)).toEqual(['brief.pdf']);

  // At 360 px no screen scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const screens = [
    '/brand/choose',
    '/brand',
    `/brand?folder=${folderId}`,
    '/brand/all',
    `/brand/asset/${ids['sunrise.jpg']}`,
    '/users/me',
    '/collections/own',
    '/downloads',
    '/users',
    '/audit/all',
  ];
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.locator('main h1').first()).toBeVisible();
    // Its data in and laid out: nothing on the screen still says it is loading.
    await expect(page.locator('#main [aria-busy="true"]')).toHaveCount(0);
    expect(await scrollsSideways(page), `${screen} scrolls sideways`).toBe(false);
  }
});

test.describe('with a touch screen', () => {
  test.use({ hasTouch: true });

  test('the menu order handles move entries by touch, mouse and keyboard', async ({ page }) => {
    await page.goto('/users/me');
    const editor = page.getByRole('region', { name: 'Menu order' });
    const entries = () => editor.locator('ol > li').allInnerTexts();
    const first = async () => (await entries())[0]!;
    await expect(editor.locator('ol > li').first()).toBeVisible();
    const before = await entries();
    expect(before.length).toBeGreaterThan(3);
    const label = (i: number) => before[i]!.replace(/^\d+\s*/, '').trim();
    const handle = (item: string) => editor.getByRole('button', { name: `Move ${item}: drag, or use the arrow keys` });
    const rowBox = async (i: number) => (await editor.locator('ol > li').nth(i).boundingBox())!;

    // A finger drags the second entry above the first.
    await editor.getByRole('button', { name: 'Save order' }).scrollIntoViewIfNeeded();
    const touchFrom = (await handle(label(1)).boundingBox())!;
    const top = await rowBox(0);
    const cdp = await page.context().newCDPSession(page);
    const at = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
    const x = touchFrom.x + touchFrom.width / 2;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: at(x, touchFrom.y + touchFrom.height / 2),
    });
    for (const y of [touchFrom.y, top.y + top.height / 2, top.y + 4])
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x, y) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(first).toContain(label(1));

    // The mouse drags it back down to second place.
    const mouseFrom = (await handle(label(1)).boundingBox())!;
    const second = await rowBox(1);
    await page.mouse.move(mouseFrom.x + mouseFrom.width / 2, mouseFrom.y + mouseFrom.height / 2);
    await page.mouse.down();
    await page.mouse.move(mouseFrom.x + mouseFrom.width / 2, second.y + second.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(first).toContain(label(0));

    // The keyboard: arrows on a focused handle, which keeps the focus as its entry moves.
    await handle(label(2)).focus();
    await page.keyboard.press('ArrowUp');
    await expect(handle(label(2))).toBeFocused();
    await page.keyboard.press('Home');
    await expect.poll(first).toContain(label(2));
    await expect(handle(label(2))).toBeFocused();
    await expect(editor.getByText(`${label(2)} is now in position 1.`)).toBeAttached();
    // Nothing is saved until Save order; the entries were only rearranged on screen.
    await expect(editor.getByRole('button', { name: 'Save order' })).toBeEnabled();
  });
});
