import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { mailsTo, unique } from '../support/fixtures';

/**
 * Issue 44 §4: a reset link whose token is wrong, or already used, says so and offers a new link
 * instead of the password form; the new link's form works.
 */
test('a used or invalid reset link says so and offers a new link', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `${unique('reset')}@example.com`;
  const first = 'reset-first-pass-1';
  await (
    await apiAs(page)
  ).send('POST', '/api/ops/users/create', {
    first_name: 'Rita',
    last_name: 'Reset',
    email,
    password: first,
    password_confirmation: first,
    roles: ['member'],
    brands: [],
    lang: 'en',
  });

  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/password/forgot');
  await guest.getByLabel('Email').fill(email);
  await guest.getByRole('button', { name: 'Send reset link' }).click();
  await expect(guest.getByText('Check your e-mail')).toBeVisible();
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  const link = mailsTo(email)
    .flatMap((m) => m.links)
    .find((l) => l.includes('/password/reset'))!;

  // A token that was never issued: no form, the reason, and the way to a new link.
  const wrong = new URL(link);
  wrong.searchParams.set('token', 'x'.repeat(64));
  await guest.goto(wrong.pathname + wrong.search);
  await expect(guest.getByText('This link no longer works')).toBeVisible();
  await expect(guest.getByLabel(/^New password/)).toHaveCount(0);

  // The real link works once…
  await guest.goto(link);
  await guest.getByLabel(/^New password/).fill('reset-second-pass-2');
  await guest.getByLabel(/^Confirm/).fill('reset-second-pass-2');
  await guest.getByRole('button', { name: 'Change password' }).click();
  await guest.waitForURL('**/login');

  // …and opened again, in Spanish, it says it no longer works and leads to a new one.
  await guest.evaluate(() => localStorage.setItem('lang', 'es'));
  await guest.goto(link);
  await expect(guest.getByText('Este enlace ya no funciona')).toBeVisible();
  await expect(guest.getByLabel(/^Nueva contraseña/)).toHaveCount(0);
  await guest.getByRole('link', { name: 'Solicitar un enlace nuevo' }).click();
  await guest.waitForURL('**/password/forgot');
});
