import { expect, test } from '../support/test';

// About what a signed-out visitor meets: the page starts signed out.
test.use({ signedIn: false });

test('an anonymous visit to /brand lands on /login with the persisted state removed', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() =>
    localStorage.setItem('brandvault-state', JSON.stringify({ state: { isLoggedIn: false, token: null }, version: 0 })),
  );
  await page.goto('/brand');
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('brandvault-state'))).toBeNull();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the empty path goes to /login', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL('**/login');
});
