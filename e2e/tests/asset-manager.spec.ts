import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

test('an admin removes an asset, finds it in the all-assets table and restores it to its brand', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  const name = `Manager ${unique('b').slice(-6)}`;
  const api = await apiAs(page);
  const { brand } = await api.send<{ brand: { id: number; root_folder_id: number } }>('POST', '/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
  });
  const { folder } = await api.send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
    brand_id: brand.id,
    parent_id: brand.root_folder_id,
    name: 'Campaigns',
    visibility: 'PUBLIC',
  });
  const ids = await api.upload(brand.id, folder.id, [media.sunrise, media.bars]);

  // Removed on its own page, after the removal confirmation: it leaves the brand.
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');
  await page.goto(`/brand/asset/${ids['sunrise.jpg']}`);
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByRole('dialog', { name: 'Remove asset?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('button', { name: 'Restore', exact: true })).toBeVisible();
  await page.goto(`/brand?folder=${folder.id}`);
  await expect(page.getByTestId(`asset-card-${ids['bars.jpg']}`)).toBeVisible();
  await expect(page.getByTestId(`asset-card-${ids['sunrise.jpg']}`)).toHaveCount(0);

  // The Admin menu leads to the asset manager; the brand and "Removed" narrow it to that asset.
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Manage', exact: true }).click();
  await page.waitForURL('**/asset/manager');
  await expect(page.getByRole('heading', { name: 'Manage assets' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Brand' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Removed', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`brand=${brand.id}.*status=INACTIVE`));
  const row = page.getByTestId(`asset-manager-row-${ids['sunrise.jpg']}`);
  await expect(row).toBeVisible();
  await expect(row.getByText('Campaigns')).toBeVisible();
  await expect(page.getByTestId(`asset-manager-row-${ids['bars.jpg']}`)).toHaveCount(0);

  // Selected and restored from the bar, after the restore confirmation (Enter does not confirm).
  await row.getByRole('checkbox', { name: 'Select sunrise.jpg' }).check();
  const bar = page.getByTestId('asset-manager-bar');
  await expect(bar.getByText('1 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Restore' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore asset?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('“sunrise.jpg” was restored.')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Back in its brand, where members find it again.
  await page.goto(`/brand?folder=${folder.id}`);
  await expect(page.getByTestId(`asset-card-${ids['sunrise.jpg']}`)).toBeVisible();

  // A manager of the brand who speaks Spanish (an account of this test's own: a language is saved on
  // the account) sees only their brand, and removes a whole page in bulk with the Spanish confirmation.
  const email = `${unique('gestora')}@example.com`;
  const password = 'Manager-pass-123';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Marta',
    last_name: 'Gestora',
    email,
    password,
    password_confirmation: password,
    roles: ['manager'],
    brands: [brand.id],
    lang: 'es',
  });
  const manager = await pageAs({ email, password });
  await manager.goto('/asset/manager');
  await expect(manager.getByRole('heading', { name: 'Gestionar recursos' })).toBeVisible();
  await expect(manager.getByText('1–2 de 2 recursos')).toBeVisible();
  await manager.getByRole('checkbox', { name: 'Seleccionar todos los recursos de esta página' }).check();
  await manager.getByTestId('asset-manager-bar').getByRole('button', { name: 'Eliminar' }).click();
  await manager
    .getByRole('dialog', { name: '¿Eliminar 2 recursos?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(manager.getByText('Se eliminaron 2 recursos.')).toBeVisible();
  await expect(manager.getByTestId(`asset-manager-row-${ids['bars.jpg']}`).getByText('Eliminado').last()).toBeVisible();
});
