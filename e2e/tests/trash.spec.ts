import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

test('a deleted folder goes to the Trash with its counts, and comes back by Undo or from the Trash', async ({
  page,
}) => {
  const media = makeMedia();
  const api = await apiAs(page);
  const tag = unique('trash').slice(-6);
  const brand = await api.newBrand(`Trash ${tag}`);
  const folder = (name: string, parent: number) => api.newFolder(brand.id, parent, name);
  const campaigns = await folder('Campaigns', brand.root_folder_id);
  const y2026 = await folder('2026', campaigns);
  await api.upload(brand.id, campaigns, [media.sunrise]);
  await api.upload(brand.id, y2026, [media.bars]);

  await page.goto('/brand/choose');
  await page.getByTestId(`brand-card-${brand.id}`).click();
  await page.waitForURL('**/brand');
  const card = page.getByRole('button', { name: 'Actions for Campaigns' });

  // The confirmation names what goes; Undo in the toast brings it back.
  await card.click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move “Campaigns” to the Trash?' });
  await expect(dialog).toContainText(
    '2 folders and 2 assets will be moved to the Trash. You can restore them from there for 30 days; after that they are deleted for good.',
  );
  await dialog.getByRole('button', { name: 'Move to Trash' }).click();
  await expect(page.getByText('“Campaigns” is in the Trash: 2 folders and 2 assets.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('“Campaigns” is back where it was.')).toBeVisible();
  await expect(card).toBeVisible();

  // Deleted again, it waits in the Trash, reached from under the folder tree.
  await card.click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to Trash' }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole('link', { name: 'Trash', exact: true }).click();
  await page.waitForURL('**/brand/trash');
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  const row = page.getByRole('list', { name: 'Deleted folders' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Campaigns');
  await expect(row).toContainText('2 folders · 2 assets');
  await expect(row).toContainText('Deleted by Admin User');
  await expect(row).toContainText('30 days left');
  await row.getByRole('button', { name: 'Restore Campaigns' }).click();
  await expect(page.getByText('The Trash is empty')).toBeVisible();

  // Back home, the folder and its assets are there again, in search too.
  await page.getByRole('link', { name: 'Back to folders' }).first().click();
  await expect(card).toBeVisible();
  const search = await api.send<{ total: number }>('POST', `/api/ops/asset/list/all/${brand.root_folder_id}`, {});
  expect(search.total).toBe(2);
});

test('a removed file waits in the Trash beside folders and comes back from there', async ({ page }) => {
  const media = makeMedia();
  const api = await apiAs(page);
  const brand = await api.newBrand(`Bin ${unique('bin').slice(-6)}`);
  const folder = await api.newFolder(brand.id, brand.root_folder_id, 'Shoots');
  const ids = await api.upload(brand.id, folder, [media.sunrise, media.bars]);

  await page.goto('/brand/choose');
  await page.getByTestId(`brand-card-${brand.id}`).click();
  await page.waitForURL('**/brand');
  await page.goto(`/brand/asset/${ids['sunrise.jpg']}`);
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove asset?' });
  await expect(dialog).toContainText('wait in the Trash for 30 days, where you can restore it');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('button', { name: 'Restore', exact: true })).toBeVisible();

  await page.goto('/brand/trash');
  const files = page.getByRole('list', { name: 'Deleted files' });
  const row = files.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('sunrise.jpg');
  await expect(row).toContainText('In Shoots');
  await expect(row).toContainText('Removed by Admin User');
  await expect(row).toContainText('30 days left');
  await row.getByRole('button', { name: 'Restore sunrise.jpg' }).click();
  await expect(page.getByText('The Trash is empty')).toBeVisible();

  // Back in its folder, and in search.
  await page.goto(`/brand?folder=${folder}`);
  await expect(page.getByTestId(`asset-card-${ids['sunrise.jpg']}`)).toBeVisible();
  const search = await api.send<{ total: number }>('POST', `/api/ops/asset/list/all/${brand.root_folder_id}`, {});
  expect(search.total).toBe(2);
});
