import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

test('the upload dialog names its folder and the allowed types, and applies details to every file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  const api = await apiAs(page);
  const name = `Upload ${unique('u').slice(-6)}`;
  const { brand } = await api.send<{ brand: { id: number; root_folder_id: number } }>('POST', '/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  });
  const { folder } = await api.send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
    brand_id: brand.id,
    parent_id: brand.root_folder_id,
    name: 'Spring',
    visibility: 'PUBLIC',
  });
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.waitForURL('**/brand');
  await page.goto(`/brand?folder=${folder.id}`);

  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('upload-destination')).toHaveText(`To ${name} / Spring`);
  await expect(dialog.getByTestId('upload-allowed')).toContainText('JPG');
  await dialog.locator('input[type="file"]').setInputFiles([media.sunrise, media.bars]);
  // Each waiting file shows a small picture of itself.
  await expect(dialog.getByTestId('upload-row').locator('img')).toHaveCount(2);

  await dialog.getByRole('button', { name: 'Details for all files' }).click();
  await dialog.getByLabel('Description').fill('Spring campaign, day one');
  const keywords = dialog.getByLabel('Keywords');
  await keywords.fill('spring');
  await keywords.press('Enter');
  await keywords.fill('launch');
  await keywords.press('Enter');
  await dialog.getByText('Private', { exact: true }).click();
  await dialog.getByRole('button', { name: /Start upload/ }).click();
  await expect(dialog.getByTestId('upload-status').filter({ hasText: 'Created' })).toHaveCount(2, { timeout: 30_000 });

  // Both assets carry what was set once.
  const list = await api.send<{ items: { id: number; name: string }[] }>(
    'POST',
    `/api/ops/asset/list/all/${folder.id}`,
    {},
  );
  expect(list.items).toHaveLength(2);
  for (const item of list.items) {
    const { asset } = await api.get<{ asset: { description: string; keywords: string[]; visibility: string } }>(
      `/api/ops/asset/${item.id}/view`,
    );
    expect(asset).toMatchObject({
      description: 'Spring campaign, day one',
      keywords: ['spring', 'launch'],
      visibility: 'PRIVATE',
    });
  }
});
