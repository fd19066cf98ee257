import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { ADMIN, unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

test('a member shares a collection with a password; a stranger opens it, downloads, and loses it on revoke', async ({
  page,
  browser,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  const tag = unique('sh').slice(-6);

  // Seed: a brand with three images, and a member of this test's own.
  const api = await apiAs(page);
  const name = `Sharing ${tag}`;
  const { brand } = await api.form<{ brand: { id: number; root_folder_id: number } }>('/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    accent_color: '#2b8a3e',
  });
  await api.upload(brand.id, brand.root_folder_id, [media.sunrise, media.bars, media.fractal]);
  const email = `${unique('sharer')}@example.com`;
  const password = 'Sharer-pass-123';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Sara',
    last_name: 'Sharer',
    email,
    password,
    password_confirmation: password,
    roles: ['member'],
    brands: [brand.id],
  });
  await page.close();
  const owner = await pageAs({ email, password }, { acceptDownloads: true });

  // Build a collection from a search selection.
  await owner.getByRole('button', { name: new RegExp(name) }).click();
  await owner.waitForURL('**/brand');
  await expect(owner.getByTestId('search-total')).toHaveText('3 assets');
  await owner.getByRole('checkbox', { name: 'Select sunrise.jpg' }).click();
  await owner.getByRole('checkbox', { name: 'Select bars.jpg' }).click();
  const bar = owner.getByTestId('selection-bar');
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Add to collection' }).click();
  const adding = owner.getByRole('dialog');
  await adding.getByLabel('New collection name').fill('Agency picks');
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(owner.getByText('2 assets are in “Agency picks”.')).toBeVisible();

  // Share it: anyone with the link, a password, one hour.
  await owner.goto('/collections/own');
  await owner
    .getByRole('link', { name: /Agency picks/ })
    .first()
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Agency picks' })).toBeVisible();
  await owner.getByRole('button', { name: 'Share' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Share “Agency picks”' });
  await dialog.getByRole('tab', { name: 'Links (0)' }).click();
  await expect(dialog.getByText('No links yet. Create one in “New link”.')).toBeVisible();
  await dialog.getByRole('tab', { name: 'New link' }).click();
  await dialog.getByRole('radio', { name: /Anyone with the link/ }).check();
  await dialog.getByRole('combobox', { name: 'Expires' }).click();
  await owner.getByRole('option', { name: 'Hours' }).click();
  await dialog.getByRole('textbox', { name: 'After' }).fill('1');
  await dialog.getByLabel('Password', { exact: true }).fill('Open-sesame-42');
  await dialog.getByLabel('Message').fill('Final picks for the launch <b>today</b>');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(owner.getByText('“Agency picks” is shared.')).toBeVisible();
  // The dialog keeps the link it made and who it reaches, not a form back at "Specific users".
  const made = dialog.getByTestId('share-made');
  await expect(made).toContainText('Anyone with the link');
  await expect(dialog.getByRole('radio', { name: /Specific users/ })).toHaveCount(0);
  const link = await made.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/collections\/shared\/\d+\/public\/using\/[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('tab', { name: 'Links (1)' }).click();
  const row = dialog.getByLabel(/^Link \d+$/);
  await expect(row).toContainText('Anyone with the link');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('0 views');

  // A stranger, signed out, in Spanish: the password first, then the collection.
  const stranger = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await stranger.goto(new URL(link).pathname);
  await expect(stranger.getByRole('heading', { name: 'This link is protected' })).toBeVisible();
  await stranger.getByRole('button', { name: 'Español' }).click();
  await expect(stranger.getByRole('heading', { name: 'Este enlace está protegido' })).toBeVisible();
  await stranger.getByLabel('Contraseña').fill('wrong-password');
  await stranger.getByRole('button', { name: 'Abrir' }).click();
  await expect(stranger.getByText(/no es válid/)).toBeVisible();
  await stranger.getByLabel('Contraseña').fill('Open-sesame-42');
  await stranger.getByRole('button', { name: 'Abrir' }).click();
  await expect(stranger.getByRole('heading', { level: 1, name: 'Agency picks' })).toBeVisible();
  await expect(stranger.getByText('2 recursos')).toBeVisible();
  // The page wears the brand (issue 44 §5): its name and accent, who shared it, one zip for all.
  await expect(stranger.getByTestId('shared-brand')).toHaveText(name);
  await expect(stranger.getByTestId('shared-header')).toHaveCSS('border-top-color', 'rgb(43, 138, 62)');
  await expect(stranger.getByTestId('shared-by')).toHaveText('Compartido por Sara Sharer');
  await expect(stranger.getByTestId('shared-zip')).toBeVisible();
  // The owner's message is text, never markup.
  await expect(stranger.getByText('Final picks for the launch <b>today</b>')).toBeVisible();
  await expect(stranger.getByRole('article')).toHaveCount(2);
  await expect(stranger.getByText(email)).toHaveCount(0);

  // The viewer, and a download.
  await stranger.getByRole('button', { name: 'Ver sunrise.jpg' }).click();
  const viewer = stranger.getByRole('dialog', { name: 'sunrise.jpg' });
  await expect(viewer.getByRole('img', { name: 'sunrise.jpg' })).toBeVisible();
  const downloading = stranger.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Descargar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('sunrise.jpg');
  await stranger.keyboard.press('Escape');

  // The owner sees the counts, then revokes; the stranger's page is gone at the next load.
  await owner.reload();
  await owner.getByRole('button', { name: 'Share' }).click();
  await dialog.getByRole('tab', { name: 'Links (1)' }).click();
  await expect(row).toContainText('1 download');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await owner.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(owner.getByText('The link to “Agency picks” no longer works.')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await stranger.reload();
  await expect(stranger.getByText('Enlace no disponible')).toBeVisible();

  // The share-link administrators see it among every link, revoked, with its counts.
  const admin = await pageAs(ADMIN);
  await admin.goto('/share-link/manage');
  const listed = admin.getByRole('row').filter({ hasText: 'Agency picks' }).filter({ hasText: 'Sara Sharer' });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Revoked');
});
