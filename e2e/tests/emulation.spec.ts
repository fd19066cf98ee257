import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';

test('an admin emulates a member, sees their menu, and finishes back where they were in their own language', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(90_000);
  const api = await apiAs(page);
  const password = 'Emulate-pass-123';
  const person = (
    first: string,
    last: string,
    email: string,
    roles: string[],
    lang: 'en' | 'es',
    brands: number[] = [],
  ) =>
    api.send<{ user: { id: number } }>('POST', '/api/ops/users/create', {
      first_name: first,
      last_name: last,
      email,
      password,
      password_confirmation: password,
      roles,
      lang,
      brands,
    });
  const memberEmail = `${unique('emulated')}@example.com`;
  const { user: member } = await person('Emma', 'Emulated', memberEmail, ['member'], 'en');
  // An administrator of this test's own, speaking Spanish, working in a brand: finishing must bring
  // that language, that brand and that page back.
  const brandName = `Emulator ${unique('b').slice(-6)}`;
  const brand = await api.newBrand(brandName);
  const adminEmail = `${unique('emulator')}@example.com`;
  await person('Elena', 'Emuladora', adminEmail, ['admin'], 'es', [brand.id]);
  await page.close();
  page = await pageAs({ email: adminEmail, password });
  await expect(page.getByRole('button', { name: 'Administración' })).toBeVisible();
  await page.goto('/brand/choose');
  await page.getByRole('button', { name: new RegExp(brandName) }).click();
  const switcher = page.getByRole('button', { name: `Cambiar de marca, actual: ${brandName}` });
  await expect(switcher).toBeVisible();

  await page.goto(`/users?q=${encodeURIComponent(memberEmail)}`);
  const row = page.getByTestId(`user-row-${member.id}`);
  await row.getByRole('button', { name: 'Acciones para Emma Emulated' }).click();
  await page.getByRole('menuitem', { name: 'Emular' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Emular' }).click();

  // The app as the member sees it, in the member's language, the banner on every screen.
  await page.waitForURL('**/brand/choose');
  const banner = page.getByRole('status').filter({ hasText: 'You are acting as Emma Emulated' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/users/me');
  await expect(banner).toBeVisible();
  // A reload keeps the emulation (the status is stored with the session).
  await page.reload();
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Finish' }).click();
  // Back on the users list as it was filtered, in the brand the admin had open.
  await page.waitForURL(`**/users?q=${encodeURIComponent(memberEmail)}`);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  await expect(page.getByTestId(`user-row-${member.id}`)).toBeVisible();
  await expect(switcher).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /acting as|actuando como/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Administración' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

  // Switching to English says so in English, the language just chosen.
  await page.getByRole('button', { name: 'Cambiar idioma' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('Language changed')).toBeVisible();
});
