import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { startClockServer } from '../support/clockServer';
import type { ClockServer } from '../support/clockServer';
import { ADMIN, keepOnboardingAway, unique } from '../support/fixtures';
import { makeMedia } from '../support/media';
import { rememberToken, signedInState } from '../support/session';

const PASSWORD = 'Rights-expiry-pass-123';

/** A MultiSelect's text input, by its label (its listbox carries the same one). */
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true }).locator('xpath=self::input');

/** Someone signed in on the clock server, on its brand chooser, in a browser of their own. */
async function openAs(browser: Browser, server: ClockServer, email: string, options: BrowserContextOptions = {}) {
  const { state, token } = await signedInState(server.url, email, email === ADMIN.email ? ADMIN.password : PASSWORD);
  const context = await browser.newContext({ ...options, baseURL: server.url, storageState: state, timezoneId: 'UTC' });
  rememberToken(context, token);
  await keepOnboardingAway(context);
  const page = await context.newPage();
  await page.goto('/brand/choose');
  return page;
}

/** Picks `day` (a UTC date) on the open calendar, turning to the next month when it is not shown. */
async function pickDay(page: Page, day: Date) {
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(day);
  const label = `${day.getUTCDate()} ${month} ${day.getUTCFullYear()}`;
  const button = page.getByRole('button', { name: label, exact: true });
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await button.click();
}

test.use({ signedIn: false });

test('a licence ending tomorrow: a guest sees its photos today, and not once the day after has come', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const server = await startClockServer();
  try {
    // The administrator sets the brand up: two photos, a rights manager and a guest (in Spanish).
    const admin = await openAs(browser, server, ADMIN.email);
    const api = await apiAs(admin);
    const media = makeMedia();
    const brand = await api.newBrand(`Summer ${unique('s').slice(-5)}`);
    const folderId = await api.newFolder(brand.id, brand.root_folder_id, 'Shoot');
    const ids = await api.upload(brand.id, folderId, [media.sunrise, media.bars]);
    const photos = [ids['sunrise.jpg']!, ids['bars.jpg']!];
    const people = { manager: `${unique('rita')}@example.com`, guest: `${unique('gus')}@example.com` };
    for (const [role, email] of Object.entries(people))
      await api.send('POST', '/api/ops/users/create', {
        first_name: role === 'manager' ? 'Rita' : 'Gus',
        last_name: role === 'manager' ? 'Rights' : 'Guest',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        roles: [role],
        brands: [brand.id],
        lang: role === 'guest' ? 'es' : 'en',
      });

    // The rights manager records a licence valid until tomorrow (UTC, the server's day).
    const manager = await openAs(browser, server, people.manager);
    await manager.getByTestId(`brand-card-${brand.id}`).click();
    await manager.waitForURL('**/brand');
    // Managers have no Admin menu (the admin role's): the brand's home offers its settings.
    await manager.getByRole('button', { name: 'Brand settings' }).click();
    await manager.getByRole('menuitem', { name: 'Licences and consents' }).click();
    await manager.waitForURL('**/brand/rights');
    await manager.getByRole('button', { name: 'Add licence' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Add a licence' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Sol Studio 2026');
    await dialog.getByRole('textbox', { name: 'Holder' }).fill('Sol Studio');
    await dialog.getByRole('button', { name: 'Valid until' }).click();
    await pickDay(manager, new Date(Date.now() + 24 * 60 * 60 * 1000));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(manager.getByRole('row', { name: /Sol Studio 2026/ })).toBeVisible();

    // It covers both photos, which are now expiring.
    for (const id of photos) {
      await manager.goto(`/brand/asset/${id}`);
      const panel = manager.getByRole('region', { name: 'Rights' });
      await panel.getByRole('button', { name: 'Edit rights' }).click();
      await field(panel, 'Licences').fill('sol');
      await manager.getByRole('option', { name: 'Sol Studio 2026' }).click();
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(panel.getByText(/^Expires .+: licence ‘Sol Studio 2026’$/)).toBeVisible();
    }

    // The guest, on a phone in Spanish, sees both in the brand's gallery today.
    const guest = await openAs(browser, server, people.guest, { viewport: { width: 390, height: 844 } });
    await guest.getByTestId(`brand-card-${brand.id}`).click();
    await guest.waitForURL('**/brand');
    await guest.goto('/brand2');
    for (const id of photos) await expect(guest.getByTestId(`gallery-${id}`)).toBeVisible();

    // Two days later the licence has ended: the server's daily run hides them from the guest.
    server.advanceDays(2);
    await expect(async () => {
      await guest.reload();
      await expect(guest.getByText('Todavía no hay recursos')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 90_000 });
    for (const id of photos) await expect(guest.getByTestId(`gallery-${id}`)).toHaveCount(0);

    // The rights manager still sees each, marked with why.
    await manager.goto(`/brand/asset/${photos[0]}`);
    const panel = manager.getByRole('region', { name: 'Rights' });
    await expect(panel.getByText('Expired', { exact: true })).toBeVisible();
    await expect(panel.getByText(/^Expired .+: licence ‘Sol Studio 2026’$/)).toBeVisible();
  } catch (err) {
    await server.stop(testInfo.outputPath('clock-server.log'));
    throw err;
  }
  await server.stop();
});
