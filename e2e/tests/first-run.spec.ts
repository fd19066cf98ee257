import { expect, test } from '../support/test';
import { ADMIN, mailsTo, setupAs, signIn, unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

// About the first administrator's sign-in and the screen after it: the page starts signed out.
test.use({ signedIn: false });

// The shared server has brands from other journeys, so it is set up already: this browser is told
// it is not (only the GET of the state; every change goes to the real server).
test('a new installation: name the organisation, make the first brand, reload, invite someone', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const media = makeMedia();
  await setupAs(page, false);
  await signIn(page, ADMIN.email, ADMIN.password, { setup: true });
  await page.waitForURL('**/setup');
  await expect(page.getByRole('heading', { name: 'Set up Brandvault' })).toBeVisible();

  // 1. The organisation: an empty name is refused in place.
  const org = `Org ${unique('fr').slice(-6)}`;
  const name = page.getByLabel('Organisation name');
  await name.fill('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/required/i)).toBeVisible();
  await name.fill(org);
  await page.getByRole('button', { name: 'Continue' }).click();

  // 2. The first brand, with a picture through the crop field.
  const brand = `First ${unique('b').slice(-6)}`;
  await page.getByLabel('Name', { exact: true }).fill(brand);
  await expect(page.getByLabel('Slug')).toHaveValue(brand.toLowerCase().replace(/\s+/g, '-'));
  await page.locator('input[type="file"]').first().setInputFiles(media.bars);
  await expect(page.locator('img[src^="blob:"]')).toBeVisible();
  await page.getByRole('button', { name: 'Create brand' }).click();

  // 3. One invitation, to the new brand by default; a reload here comes back to this step.
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeVisible();
  const invitee = `${unique('invited')}@example.com`;
  await page.getByLabel('Email').fill(invitee);
  await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue(brand);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('heading', { name: 'You are all set' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to your brand' }).click();
  await page.waitForURL('**/brand');
  await expect(page.getByRole('heading', { name: brand })).toBeVisible();

  // The invitee chooses a password from the mail and signs in: no setup screen for them.
  await expect.poll(() => mailsTo(invitee).length).toBeGreaterThan(0);
  const [mail] = mailsTo(invitee);
  expect(mail!.subject).toContain(org);
  const link = mail!.links.find((l) => l.includes('/password/reset'))!;
  const other = await (await browser.newContext()).newPage();
  await other.goto(link);
  await other.getByLabel(/^New password/).fill('invited-pass-123');
  await other.getByLabel(/^Confirm/).fill('invited-pass-123');
  await other.locator('button[type="submit"]').click();
  await other.waitForURL('**/login');
  await expect(other.getByTestId('org-name')).toHaveText(org);
  await signIn(other, invitee, 'invited-pass-123', { setup: true });
  // Their one brand has nothing to choose from: it opens.
  await other.waitForURL('**/brand');
  await expect(other.getByRole('heading', { name: brand })).toBeVisible();
});

test('in Spanish on a phone: fits the screen, and skipping it all leads to the chooser', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await setupAs(page, false);
  await signIn(page, ADMIN.email, ADMIN.password, { setup: true });
  await page.waitForURL('**/setup');
  // Signing in speaks the admin's own language; the language stored in this browser is read on load.
  await page.evaluate(() => localStorage.setItem('lang', 'es'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Configura Brandvault' })).toBeVisible();
  await expect(page.getByLabel('Nombre de la organización')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Saltar este paso' }).click();
  await expect(page.getByRole('button', { name: 'Crear marca' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Saltar la configuración' }).click();
  await page.waitForURL('**/brand/choose');
});
