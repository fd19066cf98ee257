import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';
import type { Locator } from '@playwright/test';

/** A MultiSelect's text input, by its label (its listbox carries the same one). */
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true }).locator('xpath=self::input');

test('an admin records a licence, links it to a photo and sees the photo expire with it', async ({ page }) => {
  test.setTimeout(150_000);
  const media = makeMedia();
  const api = await apiAs(page);
  const name = `Rights ${unique('r').slice(-6)}`;
  const brand = await api.newBrand(name);
  const folderId = await api.newFolder(brand.id, brand.root_folder_id, 'Shoot');
  const ids = await api.upload(brand.id, folderId, [media.sunrise]);

  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');

  // The Rights screen, from the Admin menu: a licence with a channel and a territory.
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Licences and consents' }).click();
  await page.waitForURL('**/brand/rights');
  await page.getByRole('button', { name: 'Add licence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a licence' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Stock Co. 2026');
  await dialog.getByRole('textbox', { name: 'Holder' }).fill('Stock Co.');
  await field(dialog, 'Channels').click();
  await page.getByRole('option', { name: 'Web', exact: true }).click();
  await field(dialog, 'Territories').fill('Spain');
  await page.getByRole('option', { name: 'Spain', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Stock Co\. 2026/ });
  await expect(row).toContainText('Web');
  await expect(row).toContainText('Spain');

  // The export is a spreadsheet named after the brand.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export xlsx' }).click();
  expect((await download).suggestedFilename()).toMatch(/licences\.xlsx$/);

  // The photo's Rights panel: the licence picked by typing.
  await page.goto(`/brand/asset/${ids['sunrise.jpg']}`);
  const panel = page.getByRole('region', { name: 'Rights' });
  await expect(panel.getByText('Available', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Edit rights' }).click();
  await field(panel, 'Licences').fill('stock');
  await page.getByRole('option', { name: 'Stock Co. 2026' }).click();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText(/Stock Co\. 2026 · Web · Spain · No end/)).toBeVisible();

  // The licence has ended: the photo is expired, and the panel says why.
  const licences = await api.get<{ items: { id: number }[] }>(`/api/ops/brand/${brand.id}/licences`);
  await api.send('PUT', `/api/ops/licence/${licences.items[0]!.id}`, {
    name: 'Stock Co. 2026',
    channels: ['Web'],
    territories: ['ES'],
    valid_until: '2020-01-31',
  });
  await page.reload();
  await expect(panel.getByText('Expired', { exact: true })).toBeVisible();
  await expect(panel.getByText(/Expired Jan 31, 2020: licence ‘Stock Co\. 2026’/)).toBeVisible();
});
