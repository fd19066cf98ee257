import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

test('a public share link with watermarking downloads a watermarked file that traces back to it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  const tag = unique('wm').slice(-6);

  // Seed: a brand with one picture, in a collection of the administrator's.
  const api = await apiAs(page);
  const name = `Watermark ${tag}`;
  const { brand } = await api.form<{ brand: { id: number; root_folder_id: number } }>('/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
  });
  const ids = await api.upload(brand.id, brand.root_folder_id, [media.sunrise]);
  const { collection } = await api.send<{ collection: { id: number } }>('POST', '/api/ops/collection/new', {
    name: `Launch ${tag}`,
    asset_ids: [ids['sunrise.jpg']],
  });

  // Share it with anyone holding the link, watermarked and traceable.
  await page.goto(`/collections/own/${collection.id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: `Share “Launch ${tag}”` });
  await dialog.getByRole('tab', { name: 'New link' }).click();
  await dialog.getByRole('radio', { name: /Anyone with the link/ }).check();
  await dialog.getByRole('switch', { name: /Watermark previews and images/ }).check();
  await dialog.getByRole('switch', { name: /Traceable downloads/ }).check();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText(`“Launch ${tag}” is shared.`)).toBeVisible();
  const link = await dialog.getByRole('textbox', { name: 'Link' }).first().inputValue();

  // A stranger, signed out, downloads the picture: marked, and carrying an identifier.
  const stranger = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await stranger.goto(new URL(link).pathname);
  await expect(stranger.getByRole('heading', { level: 1, name: `Launch ${tag}` })).toBeVisible();
  await stranger.getByRole('button', { name: 'View sunrise.jpg' }).click();
  const viewer = stranger.getByRole('dialog', { name: 'sunrise.jpg' });
  await expect(viewer.getByRole('img', { name: 'sunrise.jpg' })).toBeVisible();
  const downloading = stranger.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download' }).click();
  const saved = await (await downloading).path();
  const bytes = readFileSync(saved);
  expect(bytes.equals(readFileSync(media.sunrise))).toBe(false);
  expect(bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  expect(bytes.toString('latin1')).toMatch(/<bv:TraceId>[0-9A-HJKMNP-TV-Z]{20}<\/bv:TraceId>/);

  // The administrator's trace tool names the link the file was made for.
  await page.goto('/watermark/trace');
  await expect(page.getByRole('heading', { level: 1, name: 'Trace a leaked file' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'leaked.jpg', mimeType: 'image/jpeg', buffer: bytes });
  await page.getByRole('button', { name: 'Read identifier' }).click();
  await expect(page.getByText('Identifier found: Share link')).toBeVisible();
  await expect(page.getByText(`of “Launch ${tag}”`)).toBeVisible();
  await expect(page.getByText('sunrise.jpg')).toBeVisible();
});
