import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';

type Saved = { state: { selectedBrand: { id: number } | null; selectedShortcut: { name: string } | null } };
const saved = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('brandvault-state') ?? 'null') as Saved | null);

test('a shortcut to a folder is made, opened from the navbar into its brand, renamed and deleted', async ({
  page,
  pageAs,
}) => {
  const api = await apiAs(page);
  const brand = async (name: string) =>
    (
      await api.send<{ brand: { id: number; root_folder_id: number } }>('POST', '/api/ops/brand/create', {
        name,
        slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      })
    ).brand;
  const tag = unique('sc').slice(-6);
  const home = await brand(`Shortcut Home ${tag}`);
  const away = await brand(`Shortcut Away ${tag}`);
  const { folder } = await api.send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
    brand_id: home.id,
    parent_id: home.root_folder_id,
    name: 'Campaigns',
    visibility: 'PUBLIC',
  });
  // A user of this test's own: the shared admin's shortcuts would show in the tests beside it.
  const email = `${unique('shortcuts')}@example.com`;
  const password = 'Shortcut-pass-123';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Sol',
    last_name: 'Shortcut',
    email,
    password,
    password_confirmation: password,
    roles: ['member'],
    brands: [home.id, away.id],
  });
  await page.close();
  page = await pageAs({ email, password });

  // No shortcuts yet: no popup in the navbar.
  await expect(page.getByRole('button', { name: 'Shortcuts' })).toHaveCount(0);

  // Create one from the folder's own page.
  await page.getByRole('button', { name: new RegExp(`Shortcut Home ${tag}`) }).click();
  await page.waitForURL('**/brand');
  await page.getByTestId(`folder-card-${folder.id}`).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await page.getByRole('button', { name: 'Add shortcut' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Edit' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('My campaigns');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('“My campaigns” is in your shortcuts.')).toBeVisible();

  // Elsewhere, in the other brand.
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(`Shortcut Away ${tag}`) }).click();
  await page.waitForURL('**/brand');
  expect((await saved(page))?.state.selectedBrand?.id).toBe(away.id);

  // Open it from the navbar: the overlay, then the shortcut's brand and folder.
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await page.getByRole('button', { name: 'Open shortcut My campaigns' }).click();
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/brand\\?folder=${folder.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  const state = (await saved(page))?.state;
  expect(state?.selectedBrand?.id).toBe(home.id);
  expect(state?.selectedShortcut?.name).toBe('My campaigns');

  // Rename it from the popup: the dialog opens in edit mode with the name.
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await page.getByRole('button', { name: 'Edit shortcut My campaigns' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit' });
  await expect(dialog.getByLabel('Name')).toHaveValue('My campaigns');
  await dialog.getByLabel('Name').fill('Launch');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The shortcut is now “Launch”.')).toBeVisible();

  // It survives a reload (the session answer carries it), then goes.
  await page.reload();
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await page.getByRole('button', { name: 'Delete shortcut Launch' }).click();
  await expect(page.getByText('“Launch” left your shortcuts.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shortcuts' })).toHaveCount(0);
});
