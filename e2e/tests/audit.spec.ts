import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';

test('an admin changes a user and finds the change, before and after, in the audit log in both languages', async ({
  page,
  pageAs,
}) => {
  const api = await apiAs(page);
  const email = `${unique('audited')}@example.com`;
  const password = 'Audited-pass-123';
  const person = (first: string, last: string, address: string, roles: string[]) =>
    api.send<{ user: { id: number } }>('POST', '/api/ops/users/create', {
      first_name: first,
      last_name: last,
      email: address,
      password,
      password_confirmation: password,
      roles,
    });
  const { user } = await person('Audrey', 'Audited', email, ['member']);
  // An administrator of this test's own: switching to Spanish saves the language on the account,
  // which must not change the shared admin's screens in the tests running beside this one.
  const auditorEmail = `${unique('auditor')}@example.com`;
  await person('Ada', 'Auditor', auditorEmail, ['admin']);
  await page.close();
  page = await pageAs({ email: auditorEmail, password });

  // The change: deactivate the user from the users table.
  await page.goto(`/users?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId(`user-row-${user.id}`);
  await row.getByRole('button', { name: /Deactivate/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('Inactive')).toBeVisible();

  // The audit log, filtered by that user: the status change, with what it was and became.
  await page.goto('/audit/all');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const userFilter = page.getByRole('combobox', { name: 'User' });
  await userFilter.click();
  await userFilter.fill('Audrey');
  await page.getByRole('option', { name: new RegExp(email) }).click();
  await expect(page).toHaveURL(new RegExp(`user=${user.id}`));
  const entry = page.getByRole('row').filter({ hasText: "Changed a user's status" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Audrey Audited');
  await entry.getByRole('button', { name: /Details of/ }).click();
  const details = page.getByTestId('audit-details');
  await expect(details.getByRole('cell', { name: 'Status' })).toBeVisible();
  await expect(details.getByRole('cell', { name: 'ACTIVE', exact: true })).toBeVisible();
  await expect(details.getByRole('cell', { name: 'INACTIVE', exact: true })).toBeVisible();
  await expect(details).toContainText(auditorEmail);
  await page.keyboard.press('Escape');

  // The same entry in Spanish, the filter kept in the URL.
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Registro de auditoría' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`user=${user.id}`));
  const fila = page.getByRole('row').filter({ hasText: 'Cambió el estado de un usuario' });
  await expect(fila).toHaveCount(1);
  await fila.getByRole('button', { name: /Detalles de/ }).click();
  const detalles = page.getByTestId('audit-details');
  await expect(detalles.getByRole('columnheader', { name: 'Antes' })).toBeVisible();
  await expect(detalles.getByRole('columnheader', { name: 'Después' })).toBeVisible();
  await expect(detalles.getByRole('cell', { name: 'Estado' })).toBeVisible();
});
