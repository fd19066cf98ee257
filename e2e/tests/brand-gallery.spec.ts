import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

type Child = { id: number; name: string; asset_count: number; mosaic: string[]; image_uri: string | null };

test('folder cards show their pictures and counts; the gallery is a default home', async ({ page, pageAs }) => {
  // Three sign-ins, uploads and their thumbnails.
  test.setTimeout(150_000);
  const media = makeMedia();
  const api = await apiAs(page);
  const tag = unique('gal').slice(-6);
  const brand = await api.newBrand(`Gallery ${tag}`);
  const folder = (name: string, parent: number) => api.newFolder(brand.id, parent, name);
  const shoots = await folder('Shoots', brand.root_folder_id);
  const day1 = await folder('Day 1', shoots);
  const cover = await folder('Cover', brand.root_folder_id);
  const sunrise = (await api.upload(brand.id, shoots, [media.sunrise]))['sunrise.jpg']!;
  await api.upload(brand.id, shoots, [media.bars]);
  const fractal = (await api.upload(brand.id, day1, [media.fractal]))['fractal.jpg']!;
  await api.upload(brand.id, cover, [media.brief]);
  // Mosaics are made of thumbnails, which the worker makes after the upload.
  const children = async () =>
    new Map(
      (await api.get<{ folder: { children: Child[] } }>(`/api/ops/folder/${brand.root_folder_id}`)).folder.children.map(
        (c) => [c.name, c],
      ),
    );
  await expect.poll(async () => (await children()).get('Shoots')?.mosaic.length, { timeout: 30_000 }).toBe(3);

  // The chooser reads the user's brands afresh, the new one among them.
  await page.goto('/brand/choose');
  await page.getByTestId(`brand-card-${brand.id}`).click();
  await page.waitForURL('**/brand');
  const shootsCard = page.getByTestId(`folder-card-${shoots}`);
  // Subfolders count: Day 1's asset is in Shoots' figures and mosaic.
  await expect(shootsCard.getByTestId('folder-count')).toHaveText('3 assets');
  await expect(shootsCard.locator('[data-kind="mosaic"] img')).toHaveCount(3);
  await expect
    .poll(() =>
      shootsCard.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);

  // The folder's own picture, chosen and framed in the rename dialog, replaces its mosaic.
  const coverCard = page.getByTestId(`folder-card-${cover}`);
  await expect(coverCard.getByTestId('folder-count')).toHaveText('1 asset');
  await coverCard.getByRole('button', { name: 'Actions for Cover' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename folder' });
  await dialog.locator('input[type=file]').setInputFiles(media.bars);
  await expect(dialog.getByRole('slider')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(coverCard.locator('[data-kind="image"] img')).toHaveCount(1);
  await expect
    .poll(() => coverCard.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  expect((await children()).get('Cover')?.image_uri).toMatch(/^\/api\/media\/folders\//);

  // /brand2: the brand as a gallery, newest first across folders; a picture opens the asset page.
  await page.goto('/brand2');
  const wall = page.getByRole('list', { name: `Latest assets of Gallery ${tag}` });
  await expect(wall.getByRole('link')).toHaveCount(4);
  await expect(wall.getByRole('link').nth(1)).toHaveAttribute('href', `/brand/asset/${fractal}`);
  await expect(page.getByTestId('gallery-summary')).toHaveText('4 assets, newest first');
  await page.getByRole('button', { name: 'Show folders' }).click();
  await expect(page.getByRole('dialog', { name: 'Folders' }).getByRole('link', { name: 'Day 1' })).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Folders' }).getByRole('link', { name: 'Shoots' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId(`gallery-${sunrise}`).click();
  await page.waitForURL(`**/brand/asset/${sunrise}`);

  // Gallery as the default home, for someone of their own (the administrator's stays as it is):
  // choosing a brand on the chooser, and in the switcher, opens it.
  const email = `${unique('gallery')}@example.com`;
  const password = 'Gallery-home-pass-123';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Gale',
    last_name: 'Guest',
    email,
    password,
    password_confirmation: password,
    roles: ['guest'],
    brands: [brand.id],
  });
  const guest = await pageAs({ email, password });
  await guest.goto('/users/me');
  // The current choice first: clicking before the profile has loaded changes nothing it can show.
  await expect(guest.getByRole('radio', { name: /Brand home/ })).toBeChecked();
  await guest.getByRole('radio', { name: /Gallery/ }).check();
  await expect(guest.getByText('Choosing a brand now opens its gallery.')).toBeVisible();
  await guest.goto('/brand/choose');
  await guest.getByTestId(`brand-card-${brand.id}`).click();
  await guest.waitForURL('**/brand2');
  await expect(guest.getByTestId('gallery-summary')).toHaveText('4 assets, newest first');
  await guest.getByRole('button', { name: `Switch brand, current: Gallery ${tag}` }).click();
  await guest.getByRole('menuitem', { name: `Gallery ${tag}` }).click();
  await guest.waitForURL('**/brand2');
  // Kept on the account: a new sign-in still opens the gallery.
  await guest.context().close();
  const again = await pageAs({ email, password });
  await again.getByTestId(`brand-card-${brand.id}`).click();
  await again.waitForURL('**/brand2');
  await expect(again.getByRole('list', { name: `Latest assets of Gallery ${tag}` }).getByRole('link')).toHaveCount(4);
});
