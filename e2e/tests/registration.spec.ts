import { expect, test } from '../support/test';
import { ADMIN, mailsTo, signIn, unique } from '../support/fixtures';

test('a new user registers, is approved, verifies, signs in, switches to Spanish and logs out', async ({
  browser,
  pageAs,
}) => {
  const id = unique('ana');
  const email = `${id}@example.com`;
  const user = { first: 'Ana', last: `Tester ${id.slice(-4)}`, password: 'ana-password-1' };

  // 1. Registration, in a browser of its own.
  const applicant = await (await browser.newContext()).newPage();
  await applicant.goto('/register');
  await applicant.getByLabel('First name').fill(user.first);
  await applicant.getByLabel('Last name').fill(user.last);
  await applicant.getByLabel('Email').fill(email);
  // A password from the most common list is refused, and the field says why.
  await applicant.getByLabel('Password', { exact: true }).fill('basketball');
  await applicant.getByLabel('Confirm password').fill('basketball');
  await applicant.getByRole('button', { name: 'Send request' }).click();
  await expect(applicant.getByText(/^Password is one of the most common passwords/)).toBeVisible();
  await applicant.getByLabel('Password', { exact: true }).fill(user.password);
  await applicant.getByLabel('Confirm password').fill(user.password);
  await applicant.getByRole('button', { name: 'Send request' }).click();
  await expect(applicant.getByText(/Check your e-mail/).first()).toBeVisible();

  // Not approved yet: signing in is refused with the catalogue text.
  await signIn(applicant, email, user.password);
  await expect(applicant.getByText(/inactive or not yet approved/)).toBeVisible();

  // 2. The administrator approves the request in the users list.
  const admin = await pageAs(ADMIN);
  await admin.goto('/users');
  await admin.getByLabel('Search users').fill(email);
  const row = admin.getByRole('row', { name: new RegExp(email) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  // 3. The applicant verifies the e-mail with the link from the outbox.
  const link = mailsTo(email)
    .flatMap((m) => m.links)
    .find((l) => l.includes('/email/verify'));
  expect(link).toBeTruthy();
  await applicant.goto(link!);
  await expect(applicant.getByText('E-mail verified')).toBeVisible();

  // 4. Signs in and is greeted by name.
  await signIn(applicant, email, user.password);
  await applicant.waitForURL('**/brand/choose');
  await expect(applicant.getByText(`Welcome, ${user.first} ${user.last}`)).toBeVisible();

  // 5. Switches to Spanish and sees Spanish.
  await applicant.getByRole('button', { name: 'Change language' }).click();
  await applicant.getByRole('menuitem', { name: 'Español' }).click();
  await expect(applicant.getByRole('heading', { name: 'Elige una marca' })).toBeVisible();
  expect(await applicant.evaluate(() => localStorage.getItem('lang'))).toBe('es');

  // 6. Logs out through the confirmation and lands on /login.
  await applicant.getByRole('button', { name: 'Menú de perfil' }).click();
  await applicant.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  const confirm = applicant.getByRole('dialog');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cerrar sesión' }).click();
  await applicant.waitForURL('**/login');
  expect(
    await applicant.evaluate(() => JSON.parse(localStorage.getItem('brandvault-state') ?? '{}')?.state?.token ?? null),
  ).toBeNull();
});
