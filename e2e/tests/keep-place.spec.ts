import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { keepOnboardingAway, unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

const PASSWORD = 'Keep-place-pass-123';

test('a language chosen before signing in stays, links open in their own brand, the header searches it', async ({
  page,
  browser,
  pageAs,
}) => {
  // Four sign-ins, three of them in fresh signed-out browsers: past the default minute on a slow machine.
  test.setTimeout(240_000);
  // Someone with two brands (so the chooser is theirs to see), an asset and a folder in the second.
  const api = await apiAs(page);
  const tag = unique('k').slice(-6);
  const first = await api.newBrand(`Keep A ${tag}`);
  const second = await api.newBrand(`Keep B ${tag}`);
  const folder = await api.newFolder(second.id, second.root_folder_id, `Shoots ${tag}`);
  const { 'sunrise.jpg': asset } = await api.upload(second.id, folder, [makeMedia().sunrise]);
  const email = `${unique('keep')}@example.com`;
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Kim',
    last_name: 'Keep',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    roles: ['member'],
    brands: [first.id, second.id],
    lang: 'en',
  });

  // Spanish chosen on the sign-in page: said in Spanish, kept over a reload and through signing in.
  const reader = await (await browser.newContext()).newPage();
  await keepOnboardingAway(reader.context());
  await reader.goto('/login');
  await reader.getByRole('button', { name: 'Español' }).click();
  await expect(reader.getByText('Idioma cambiado')).toBeVisible();
  await reader.reload();
  await reader.getByLabel(/correo/i).fill(email);
  await reader
    .getByLabel(/contraseña/i)
    .first()
    .fill(PASSWORD);
  await reader.getByRole('button', { name: 'Iniciar sesión' }).click();
  await reader.waitForURL('**/brand/choose');
  await reader.reload();
  await expect(reader.getByRole('heading', { name: 'Elige una marca' })).toBeVisible();

  // With no brand selected yet, the asset's link opens the asset, in its brand.
  await reader.goto(`/brand/asset/${asset}`);
  await expect(reader.getByRole('heading', { name: /sunrise/ })).toBeVisible();
  expect(new URL(reader.url()).pathname).toBe(`/brand/asset/${asset}`);
  await expect(reader.getByRole('button', { name: new RegExp(`actual: Keep B ${tag}`) })).toBeVisible();

  // From the asset's page, the header's search searches the whole of that brand.
  await reader.getByRole('button', { name: `Buscar en Keep B ${tag}`, exact: true }).click();
  await reader.getByRole('searchbox', { name: `Palabras que buscar en toda la marca Keep B ${tag}` }).fill('sunrise');
  await reader.keyboard.press('Enter');
  await reader.waitForURL('**/brand?q=sunrise');
  await expect(reader.getByTestId('search-results').locator('[data-asset-name^="sunrise"]')).toBeVisible();

  // The same for a folder's link, in a browser where nothing is selected either.
  const other = await pageAs({ email, password: PASSWORD });
  await other.goto(`/brand?folder=${folder}`);
  await expect(other.getByRole('heading', { name: `Shoots ${tag}` })).toBeVisible();

  // Signed out, the asset's link (from a mail) survives the sign-in and opens in its brand; the
  // sign-in page shows no brand for it (its id must not tell a stranger which brand holds it).
  const signInFrom = async (link: string) => {
    const stranger = await (await browser.newContext()).newPage();
    await keepOnboardingAway(stranger.context());
    await stranger.goto(link);
    await stranger.waitForURL(`**/login?next=${encodeURIComponent(link)}`);
    await expect(stranger.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(stranger.getByTestId('login-brand-face')).toHaveCount(0);
    await stranger.getByLabel(/email/i).fill(email);
    await stranger
      .getByLabel(/password/i)
      .first()
      .fill(PASSWORD);
    await stranger.getByRole('button', { name: 'Sign in' }).click();
    await stranger.waitForURL((url) => url.pathname + url.search === link);
    // The account speaks Spanish since the first sign-in above.
    await expect(stranger.getByRole('button', { name: new RegExp(`actual: Keep B ${tag}`) })).toBeVisible();
    return stranger;
  };
  const fromMail = await signInFrom(`/brand/asset/${asset}`);
  await expect(fromMail.getByRole('heading', { name: /sunrise/ })).toBeVisible();
  // The same for the folder's link, in another signed-out browser.
  const fromChat = await signInFrom(`/brand?folder=${folder}`);
  await expect(fromChat.getByRole('heading', { name: `Shoots ${tag}` })).toBeVisible();
});
