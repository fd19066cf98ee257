import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { keepOnboardingAway, signIn, unique } from '../support/fixtures';

const PHONE = { width: 390, height: 844 };
/** What an authenticator app would show for `secret`, `ahead` time steps from now. */
const codeOf = (secret: string, ahead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + ahead * 30_000 });

test('a member turns on two-factor, signs out and back in with a code, in Spanish on a phone', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(page);
  const email = `${unique('totp')}@example.com`;
  const password = 'Two-factor-pass-1';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Tomasa',
    last_name: 'Totp',
    email,
    password,
    password_confirmation: password,
    roles: ['member'],
    lang: 'es',
  });
  const member = await pageAs({ email, password }, { viewport: PHONE });

  // The profile's card: the QR code and the key, then the first code from the app.
  await member.goto('/users/me');
  const card = member.getByRole('region', { name: 'Verificación en dos pasos' });
  await expect(card.getByText('Desactivada')).toBeVisible();
  await card.getByRole('button', { name: 'Activar' }).click();
  await expect(card.getByRole('img', { name: /Código QR/ })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.getByLabel('Código de 6 dígitos').fill('000000');
  await card.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(card.getByText(/no es el código actual/)).toBeVisible();
  await card.getByLabel('Código de 6 dígitos').fill(codeOf(secret));
  await card.getByRole('button', { name: 'Confirmar y activar' }).click();

  // The recovery codes, shown once.
  await expect(card.getByText('Guarda tus códigos de recuperación')).toBeVisible();
  await expect(card.getByTestId('recovery-code')).toHaveCount(10);
  await expect(card.getByRole('button', { name: 'Descargar' })).toBeVisible();
  await card.getByRole('button', { name: 'Ya los he guardado' }).click();
  await expect(card.getByText('Activada', { exact: true })).toBeVisible();
  await expect(card.getByText(/Te quedan 10 códigos de recuperación/)).toBeVisible();
  expect(await member.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Signs out, then the password alone is not enough: the code step follows.
  await member.getByRole('button', { name: 'Menú de perfil' }).click();
  await member.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await member.getByRole('dialog').getByRole('button', { name: 'Cerrar sesión' }).click();
  await member.waitForURL('**/login');
  await keepOnboardingAway(member.context(), {});
  await member.getByLabel(/correo/i).fill(email);
  await member
    .getByLabel(/contraseña/i)
    .first()
    .fill(password);
  await member.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(member.getByRole('heading', { name: 'Escribe tu código' })).toBeVisible();
  expect(member.url()).toContain('/login');
  // The next step's code: the one that turned two-factor on is never accepted again.
  await member.getByLabel('Código de 6 dígitos').fill(codeOf(secret, 1));
  await member.getByRole('button', { name: 'Verificar' }).click();
  await member.waitForURL('**/brand/choose');
  await expect(member.getByRole('heading', { name: 'Elige una marca' })).toBeVisible();
});

test('a role requires two-factor: its holder sets it up at sign-in, and an admin resets it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(page);
  const roleName = `strict-${unique('r').slice(-6)}`;
  await api.send('POST', '/api/ops/roles/create', { name: roleName, permissions: ['brand.view'] });

  // The roles screen's switch.
  await page.goto('/roles/manage');
  const strict = page.getByRole('switch', { name: `${roleName}: requires two-factor authentication` });
  await expect(strict).not.toBeChecked();
  // By keyboard: the table's sticky header sits over the first row once scrolled to it.
  await strict.focus();
  await strict.press('Space');
  await expect(page.getByText(`${roleName} now requires two-factor authentication.`)).toBeVisible();
  await expect(strict).toBeChecked();

  const email = `${unique('strict')}@example.com`;
  const password = 'Strict-pass-123';
  const { user } = await api.send<{ user: { id: number } }>('POST', '/api/ops/users/create', {
    first_name: 'Stella',
    last_name: 'Strict',
    email,
    password,
    password_confirmation: password,
    roles: [roleName],
  });

  // Signing in leads to the set-up before anything else.
  const holder = await (await browser.newContext()).newPage();
  await signIn(holder, email, password);
  await expect(holder.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  const secret = (await holder.getByTestId('two-factor-secret').textContent())!.trim();
  await holder.getByLabel('6-digit code').fill(codeOf(secret));
  await holder.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(holder.getByTestId('recovery-code')).toHaveCount(10);
  expect(holder.url()).toContain('/login');
  await holder.getByRole('button', { name: 'I have saved them, continue' }).click();
  await holder.waitForURL('**/brand/choose');

  // The admin resets it from the user edit screen (a lost phone).
  await page.goto(`/users/${user.id}/edit`);
  const panel = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(panel.getByText('On', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Reset two-factor' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(panel.getByText('Off', { exact: true })).toBeVisible();
});
