import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

type Brand = { id: number; name: string };
type User = {
  id: number;
  email: string;
  roles: { name: string }[];
  brands: Brand[];
  photo_uri: string | null;
  photo_thumb_uri: string | null;
};

test('an admin edits a user’s role and brands, frames their photo, and both navbars show photos', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  const api = await apiAs(page);
  const brandOf = async (name: string) =>
    (
      await api.form<{ brand: Brand }>('/api/ops/brand/create', {
        name,
        slug: name.toLowerCase().replace(/\s+/g, '-'),
      })
    ).brand;
  const tag = unique('ue').slice(-6);
  const north = await brandOf(`North ${tag}`);
  const south = await brandOf(`South ${tag}`);
  const email = `${unique('edited')}@example.com`;
  const password = 'Edited-pass-123';
  const { user: created } = await api.send<{ user: User }>('POST', '/api/ops/users/create', {
    first_name: 'Edna',
    last_name: 'Edited',
    email,
    password,
    password_confirmation: password,
    roles: ['member'],
    brands: [north.id],
  });

  // From the users table, the row's Edit action opens users.edit.
  await page.goto(`/users?q=${encodeURIComponent(email)}`);
  await page.getByTestId(`user-row-${created.id}`).getByRole('button', { name: 'Edit Edna Edited' }).click();
  await page.waitForURL(`**/users/${created.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit user' })).toBeVisible();
  await expect(page.getByLabel('Last name')).toHaveValue('Edited');

  // The photo: chosen, framed in the square dialog with zoom, set.
  await page.locator('input[type="file"]').setInputFiles(media.sunrise);
  const dialog = page.getByRole('dialog', { name: 'Frame the photo' });
  await expect(dialog.locator('img')).toBeVisible();
  const zoom = dialog.getByRole('slider', { name: 'Zoom' });
  await zoom.focus();
  for (let i = 0; i < 5; i++) await zoom.press('ArrowRight');
  await expect(zoom).toHaveAttribute('aria-valuenow', '1.5');
  const save = dialog.getByRole('button', { name: 'Save photo' });
  await expect(save).toBeEnabled();
  const [update] = await Promise.all([page.waitForRequest((r) => /\/photo\/\d+\/update$/.test(r.url())), save.click()]);
  // 800×600 at 1.5× zoom: the centred 400-px square, in the picture's own pixels.
  expect(update.postDataJSON()).toEqual({ crop: { x: 200, y: 100, width: 400, height: 400 } });
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Photo uploaded' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Profile photo of Edna Edited' })).toHaveAttribute(
    'src',
    /\/api\/media\/avatars\//,
  );

  // Role and brands (the pills' box over the input takes the click, as a person's would).
  const roles = page.getByRole('combobox', { name: 'Roles' });
  await roles.click({ force: true });
  await page.getByRole('option', { name: 'Manager' }).click();
  await page.keyboard.press('Escape');
  const brands = page.getByRole('combobox', { name: 'Brands' });
  await brands.click({ force: true });
  await page.getByRole('option', { name: south.name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'User updated' })).toBeVisible();
  await page.waitForURL('**/users');

  const { user } = await api.get<{ user: User }>(`/api/ops/users/${created.id}`);
  expect(user.roles.map((r) => r.name).sort()).toEqual(['manager', 'member']);
  expect(user.brands.map((b) => b.id).sort((a, b) => a - b)).toEqual([north.id, south.id]);
  expect(user.photo_thumb_uri).toMatch(/\/api\/media\/avatars\/.+\/thumb\.webp/);
  const picture = await page.request.get(user.photo_uri!);
  expect(picture.headers()['content-type']).toBe('image/webp');

  // The edited user signs in: their navbar shows the photo the administrator framed.
  const edna = await pageAs({ email, password });
  await expect(edna.getByTestId('navbar-avatar').locator('img')).toHaveAttribute('src', /\/api\/media\/avatars\//);
  await edna.context().close();

  // The administrator's own photo from the profile page: the navbar follows at once.
  const adminAvatar = page.getByTestId('navbar-avatar').locator('img');
  await page.goto('/users/me');
  await page.locator('input[type="file"]').setInputFiles(media.bars);
  await page.getByRole('dialog', { name: 'Frame the photo' }).getByRole('button', { name: 'Save photo' }).click();
  await expect(adminAvatar).toHaveAttribute('src', /\/api\/media\/avatars\//);
  // And removing it brings the user icon back.
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Photo removed' })).toBeVisible();
  await expect(adminAvatar).toHaveCount(0);
});

test('users.edit and the users table fit a 390 px phone, in Spanish', async ({ page, pageAs }) => {
  const api = await apiAs(page);
  const password = 'Phone-pass-1234';
  const person = (first: string, email: string, roles: string[]) =>
    api.send<{ user: User }>('POST', '/api/ops/users/create', {
      first_name: first,
      last_name: 'Móvil',
      email,
      password,
      password_confirmation: password,
      roles,
      lang: 'es',
    });
  const { user } = await person('Pablo', `${unique('phone')}@example.com`, ['guest']);
  // An administrator of this test's own who speaks Spanish (the shared one stays in English).
  const adminEmail = `${unique('admin-es')}@example.com`;
  await person('Ana', adminEmail, ['admin']);
  await page.close();
  page = await pageAs({ email: adminEmail, password });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/users/${user.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Editar usuario' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Permisos directos' })).toBeVisible();
  await expect(page.getByText('Crear, editar y eliminar marcas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Añadir foto' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The users table on the phone: the person, the status and the actions, and no sideways scroll.
  await page.goto(`/users?q=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: user.email });
  await expect(row.getByText('Activo')).toBeVisible();
  await expect(row.getByRole('button').last()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
