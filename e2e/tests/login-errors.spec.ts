import { expect, test } from '../support/test';
import { signIn, unique } from '../support/fixtures';

// About the login form itself: the page starts signed out.
test.use({ signedIn: false });

test('a wrong password shows the catalogue text, and repeated failures the 429 text', async ({ page }) => {
  const email = `${unique('nobody')}@example.com`;
  await signIn(page, email, 'wrong-password');
  await expect(page.getByText('Invalid Email or Password')).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/login')),
      page.locator('button[type="submit"]').click(),
    ]);
  }
  await expect(page.getByText(/maximum login attempts/)).toBeVisible();
});
