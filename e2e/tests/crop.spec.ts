import { execFileSync } from 'node:child_process';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

test('crops an image to 4:5 WebP from the viewer, on a 390 px phone too', async ({ page }) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  const api = await apiAs(page);
  const name = `Crop ${unique('cr').slice(-6)}`;
  const { brand } = await api.form<{ brand: { id: number; root_folder_id: number } }>('/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
  });
  const ids = await api.upload(brand.id, brand.root_folder_id, [media.sunrise]);
  const assetId = ids['sunrise.jpg']!;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');
  await expect(page.getByTestId('search-results').locator('img[src*="/api/media/"]')).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.getByTestId(`asset-card-${assetId}`).click();
  const viewer = page.getByRole('dialog', { name: 'sunrise.jpg' });
  await viewer.getByRole('button', { name: 'Crop and download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crop and download sunrise.jpg' });
  await expect(dialog.locator('img').first()).toBeVisible();
  await dialog.getByText('4:5', { exact: true }).click();
  await dialog.getByText('WebP', { exact: true }).click();
  await dialog.getByLabel('Width').fill('400');
  await expect(dialog.getByLabel('Height')).toHaveValue('500 px');
  // Nothing wider than the phone: no sideways scrolling of the page or the dialog.
  const overflow = await page.evaluate(() => {
    const d = [...document.querySelectorAll('[role="dialog"]')].pop() as HTMLElement;
    const body = d.querySelector('.mantine-Modal-body') as HTMLElement;
    return {
      page: document.documentElement.scrollWidth,
      dialog: d.getBoundingClientRect().width,
      body: body.scrollWidth - body.clientWidth,
    };
  });
  expect(overflow.page).toBeLessThanOrEqual(390);
  expect(overflow.dialog).toBeLessThanOrEqual(390);
  expect(overflow.body).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('crop-390.png') });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sunrise-crop-400x500.webp');
  const probe = execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height'],
    ...['-of', 'csv=p=0', await download.path()],
  ]);
  expect(probe.toString().trim()).toBe('webp,400,500');
  await expect(dialog).toBeHidden();
});

test("a brand's manager adds a channel preset, and the crop takes its size and format", async ({ page }) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  const api = await apiAs(page);
  const name = `Channels ${unique('ch').slice(-6)}`;
  const { brand } = await api.form<{ brand: { id: number; root_folder_id: number } }>('/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
  });
  const ids = await api.upload(brand.id, brand.root_folder_id, [media.sunrise]);

  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');
  // The presets live on the brand settings page, reached from the navbar's brand menu.
  await page.getByTestId('brand-switcher').click();
  await page.getByRole('menuitem', { name: 'Brand settings' }).click();
  await page.getByRole('tab', { name: 'Crop presets' }).click();
  await page.waitForURL('**/brand/settings/crop-presets');
  const editor = page.getByRole('tabpanel', { name: 'Crop presets' });
  await expect(editor.getByTestId('crop-presets-empty')).toBeVisible();
  await editor.getByRole('button', { name: 'Add preset' }).click();
  await editor.getByRole('textbox', { name: 'Name' }).fill('Newsletter header');
  await editor.getByRole('textbox', { name: 'Width' }).fill('600');
  await editor.getByRole('textbox', { name: 'Height' }).fill('200');
  await editor.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'PNG' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.goto('/brand');

  await expect(page.getByTestId('search-results').locator('img[src*="/api/media/"]')).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.getByTestId(`asset-card-${ids['sunrise.jpg']}`).click();
  await page.getByRole('dialog', { name: 'sunrise.jpg' }).getByRole('button', { name: 'Crop and download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crop and download sunrise.jpg' });
  await dialog.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'Newsletter header · 600×200' }).click();
  await expect(dialog.getByLabel('Height')).toHaveValue('200 px');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sunrise-crop-600x200.png');
  const probe = execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height'],
    ...['-of', 'csv=p=0', await download.path()],
  ]);
  expect(probe.toString().trim()).toBe('png,600,200');
});
