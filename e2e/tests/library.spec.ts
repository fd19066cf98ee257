import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

test('the admin builds a brand library: folders, uploads, metadata, versions, move, remove, restore, download', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  const name = `Journey ${unique('co').slice(-6)}`;

  // A brand, created in the admin screen.
  await page.goto('/brand/all');
  await page.getByRole('button', { name: 'New brand' }).first().click();
  const brandDialog = page.getByRole('dialog');
  await brandDialog.getByLabel('Name', { exact: true }).fill(name);
  await brandDialog.getByLabel('Slug').fill(name.toLowerCase().replace(/\s+/g, '-'));
  await brandDialog.getByRole('button', { name: 'Create brand' }).click();
  await expect(brandDialog).toBeHidden();
  // The table holds every journey's brands, 20 a page: searched, the new one is on the first.
  await page.getByRole('searchbox', { name: 'Search brands' }).fill(name);
  await expect(page.getByRole('cell', { name }).first()).toBeVisible();

  // Choose it, and build a folder tree.
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');
  const newFolder = async (folderName: string) => {
    await page.getByRole('button', { name: 'New folder' }).click();
    const d = page.getByRole('dialog');
    await d.getByLabel('Folder name').fill(folderName);
    await d.getByRole('radio', { name: /Public/ }).check();
    await d.getByRole('button', { name: 'Create folder' }).click();
    await expect(d).toBeHidden();
  };
  await newFolder('Campaigns');
  await newFolder('Archive');
  await page
    .getByTestId(/folder-card-/)
    .filter({ hasText: 'Campaigns' })
    .getByRole('link')
    .click();
  await newFolder('2026');
  await page
    .getByTestId(/folder-card-/)
    .filter({ hasText: '2026' })
    .getByRole('link')
    .click();

  // Upload three images, a PDF and an MP4 through the dialog; thumbnails appear.
  const upload = async (paths: string[]) => {
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    const d = page.getByRole('dialog');
    await d.locator('input[type="file"]').setInputFiles(paths);
    await d.getByRole('button', { name: /Start upload/ }).click();
    return d;
  };
  let dialog = await upload([media.sunrise, media.bars, media.fractal, media.brief, media.clip]);
  await expect(dialog.getByTestId('upload-status').filter({ hasText: 'Created' })).toHaveCount(5, { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.locator('img[src*="/api/media/derivatives/"]')).toHaveCount(5, { timeout: 30_000 });

  // The same image again: "exists", with where it is.
  dialog = await upload([media.sunrise]);
  await expect(dialog.getByTestId('upload-status')).toHaveText('Not created');
  await expect(dialog.getByText(`Already in ${name} / Campaigns / 2026`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // Metadata, on the asset page.
  // A card click opens the viewer; the asset page is one step away in the card's menu.
  await page.getByRole('button', { name: 'Actions for sunrise.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Open details' }).click();
  await page.waitForURL('**/brand/asset/*');
  await page.getByLabel('Description').fill('Opening shot of the spring campaign');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/saved|updated/i).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Description')).toHaveValue('Opening shot of the spring campaign');

  // A new version, seen in the history.
  await page.getByRole('button', { name: 'New version' }).click();
  const versionDialog = page.getByRole('dialog');
  await versionDialog.locator('input[type="file"]').setInputFiles(media.sunriseV2);
  await versionDialog.getByRole('button', { name: /Start upload/ }).click();
  // A PNG replacing a JPEG: asked first, the current type named.
  const typeChange = page.getByRole('dialog', { name: 'Replace with another file type?' });
  await expect(typeChange).toContainText('The new version is a PNG; the current one is a JPEG.');
  // Cancelling sends nothing: the file waits in the list until the change is confirmed.
  await typeChange.getByRole('button', { name: 'Cancel' }).click();
  await expect(typeChange).toBeHidden();
  await expect(versionDialog.getByTestId('upload-status')).toHaveText('Pending');
  await versionDialog.getByRole('button', { name: /Start upload/ }).click();
  await typeChange.getByRole('button', { name: 'Replace' }).click();
  await expect(typeChange).toBeHidden();
  await expect(versionDialog.getByTestId('upload-status')).toHaveText('Replaced', { timeout: 30_000 });
  await versionDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByTestId('version-2')).toBeVisible();
  await expect(page.getByTestId('version-2')).toContainText('Current');

  // Move it to Archive.
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  const picker = page.getByRole('dialog');
  await picker.getByText('Archive', { exact: true }).click();
  await picker.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByRole('navigation', { name: 'Folder path' }).getByText('Archive')).toBeVisible();

  // Remove and restore.
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('button', { name: 'Restore', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  // Restoring asks for confirmation too (§4).
  const confirmRestore = page.getByRole('dialog');
  await expect(confirmRestore).toBeVisible();
  await confirmRestore.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeVisible();

  // Download the original: the current version's picture, carrying the asset's description in its
  // XMP (issue 39 §4). Writing XMP rewrites the metadata segments only: the image data, which
  // ends the file, is the version's byte for byte.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  const got = readFileSync(await download.path());
  const version = readFileSync(media.sunriseV2);
  expect(got.includes('Opening shot of the spring campaign')).toBe(true);
  expect(Buffer.compare(got.subarray(-4096), version.subarray(-4096))).toBe(0);
});
