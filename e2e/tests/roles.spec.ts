import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';

type Role = { id: number; name: string; permissions: string[] };

test('an admin takes collection.view from guests and a signed-in guest loses My Collections', async ({
  page,
  pageAs,
}) => {
  const api = await apiAs(page);
  const email = `${unique('guest')}@example.com`;
  const password = 'Guest-pass-123';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Gus',
    last_name: 'Guest',
    email,
    password,
    password_confirmation: password,
    roles: ['guest'],
  });
  const { data } = await api.get<{ data: Role[] }>('/api/ops/roles/all');
  const guestRole = data.find((r) => r.name === 'guest')!;

  const guest = await pageAs({ email, password });
  await expect(guest.getByText('My collections', { exact: true }).first()).toBeVisible();

  try {
    await page.goto('/roles/manage');
    await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
    const box = page.getByRole('checkbox', { name: 'guest: collection.view' });
    await expect(box).toBeChecked();
    // The box follows the saved role, so it changes once the server has answered.
    await box.click();
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Role created or updated' }),
    ).toBeVisible();
    await expect(box).not.toBeChecked();

    // The guest's session is the same token: the next load already reflects the new set.
    await guest.reload();
    await expect(guest.getByTestId('profile-menu')).toBeVisible();
    await expect(guest.getByText('My collections', { exact: true })).toHaveCount(0);
  } finally {
    // Other journeys sign in guests: give the role its set back whatever happened.
    await api.send('PATCH', `/api/ops/roles/${guestRole.id}/update`, { permissions: guestRole.permissions });
  }
});
