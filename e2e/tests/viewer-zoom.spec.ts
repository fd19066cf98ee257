import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';

test('the viewer shows actual pixels with "100 %", fits again, zooms by wheel a step at a time and opens the details', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Larger than the stage and than its preview, so "Fit" shrinks it and "100 %" enlarges the preview.
  const file = join(mkdtempSync(join(tmpdir(), 'bv-e2e-zoom-')), 'poster.jpg');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=2400x1600',
    '-frames:v',
    '1',
    file,
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  const api = await apiAs(page);
  const name = `Zoom ${unique('zm').slice(-6)}`;
  const brand = await api.newBrand(name);
  const ids = await api.upload(brand.id, brand.root_folder_id, [file]);

  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');
  await expect(page.getByTestId('search-results').locator('img[src*="/api/media/"]')).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.getByTestId(`asset-card-${ids['poster.jpg']}`).click();
  const viewer = page.getByRole('dialog', { name: 'poster.jpg' });
  const image = viewer.getByRole('img', { name: 'poster.jpg' });
  await expect(image).toHaveJSProperty('complete', true);
  const fit = viewer.getByRole('button', { name: 'Fit to screen' });
  const actual = viewer.getByRole('button', { name: 'Actual size (100 %)' });
  await expect(fit).toHaveAttribute('aria-pressed', 'true');
  const size = async () => {
    const box = (await image.boundingBox())!;
    return [Math.round(box.width), Math.round(box.height)];
  };
  expect((await size())[0]).toBeLessThan(1280);

  await actual.click();
  await expect(actual).toHaveAttribute('aria-pressed', 'true');
  // Once the zoom's transition ends: one pixel of the 2400 × 1600 original per CSS pixel.
  await expect.poll(size).toEqual([2400, 1600]);

  // Still at actual pixels when the stage narrows for the side panel, and after a quarter turn.
  const info = viewer.getByRole('button', { name: 'File information' });
  await info.click();
  await expect(info).toHaveAttribute('aria-pressed', 'true');
  // The panel is on screen, so the stage beside it has narrowed: the picture keeps its size.
  await expect(viewer.getByRole('region', { name: 'File information' })).toBeInViewport();
  await expect.poll(size).toEqual([2400, 1600]);
  await viewer.getByRole('button', { name: 'Rotate' }).click();
  await expect.poll(size).toEqual([1600, 2400]);
  await expect(actual).toHaveAttribute('aria-pressed', 'true');

  await fit.click();
  await expect(fit).toHaveAttribute('aria-pressed', 'true');
  // The whole (turned) picture in view again, within the stage beside the panel.
  await expect.poll(async () => Math.max(...(await size()))).toBeLessThan(800);
  const box = (await image.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);

  // Ctrl + wheel zooms in a step from Fit, as a trackpad pinch does in Chromium.
  const fitted = (await size())[0]!;
  await image.hover();
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect.poll(async () => (await size())[0]).toBeGreaterThan(fitted);
  await expect(fit).not.toHaveAttribute('aria-pressed', 'true');
  const zoom = viewer.getByTestId('viewer-zoom');
  await expect(zoom).toHaveText('110%');
  // A plain wheel notch zooms a 0.1 step at every level up to 150 %; "−" comes back by 0.1.
  for (const level of ['120%', '130%', '140%', '150%']) {
    await page.mouse.wheel(0, -100);
    await expect(zoom).toHaveText(level);
  }
  await expect(viewer.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  await page.keyboard.press('-');
  await expect(zoom).toHaveText('140%');
  await expect(viewer.getByText('+ − to zoom · 0 to fit · 1 for actual size', { exact: false })).toBeVisible();

  // On a 390 px phone the two controls wrap with the other tools, and Close stays in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(viewer.getByRole('button', { name: 'Close', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(actual).toBeInViewport({ ratio: 1 });
  await expect(fit).toBeInViewport({ ratio: 1 });

  // "Open details", under "⋯" with the other secondary actions, leaves the viewer for the asset's page.
  await viewer.getByRole('button', { name: 'More actions' }).click();
  await expect(viewer.getByRole('menuitem', { name: 'Add to collection' })).toBeVisible();
  await viewer.getByRole('menuitem', { name: 'Open details' }).click();
  await page.waitForURL(`**/brand/asset/${ids['poster.jpg']}`);
  await expect(page.getByRole('dialog', { name: 'poster.jpg' })).toBeHidden();
});
