import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { startClockServer } from '../support/clockServer';
import type { ClockServer } from '../support/clockServer';
import { ADMIN, keepOnboardingAway, unique } from '../support/fixtures';
import { rememberToken, signedInState } from '../support/session';
import { makePoster } from '../support/smartMedia';

const PASSWORD = 'Smart-search-pass-123';

/** Someone signed in on the journey's own server, on its brand chooser, in a browser of their own. */
async function openAs(browser: Browser, server: ClockServer, email: string, options: BrowserContextOptions = {}) {
  const { state, token } = await signedInState(server.url, email, email === ADMIN.email ? ADMIN.password : PASSWORD);
  const context = await browser.newContext({ ...options, baseURL: server.url, storageState: state });
  rememberToken(context, token);
  await keepOnboardingAway(context);
  const page = await context.newPage();
  await page.goto('/brand/choose');
  return page;
}

/** Reloads `url` until the search says `total`: the worker reads files after their upload answered. */
async function searchUntil(page: Page, url: string, total: string) {
  await expect(async () => {
    await page.goto(url);
    await expect(page.getByTestId('search-total')).toHaveText(total, { timeout: 3_000 });
  }).toPass({ timeout: 120_000 });
}

test.use({ signedIn: false });

test('a member finds a poster by a word printed on it, takes a suggested tag, names a person, finds look-alikes', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  // Its own server with every analysis on; the shared one runs colours only.
  const server = await startClockServer({ ANALYSIS: 'text,objects,faces,colours' });
  try {
    const admin = await openAs(browser, server, ADMIN.email);
    const api = await apiAs(admin);
    const brand = await api.newBrand(`Gelato ${unique('g').slice(-5)}`);
    const folderId = await api.newFolder(brand.id, brand.root_folder_id, 'Campaign');
    await api.send('PUT', `/api/ops/brand/${brand.id}/faces`, { enabled: true, acknowledged: true });
    const members = { en: `${unique('mia')}@example.com`, es: `${unique('eva')}@example.com` };
    for (const [lang, email] of Object.entries(members))
      await api.send('POST', '/api/ops/users/create', {
        first_name: lang === 'en' ? 'Mia' : 'Eva',
        last_name: 'Member',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        roles: ['member'],
        brands: [brand.id],
        lang,
      });
    const files = await makePoster('GELATO FESTIVAL');

    // A member uploads the poster; nothing in its name says "gelato".
    const page = await openAs(browser, server, members.en);
    await page.getByTestId(`brand-card-${brand.id}`).click();
    await page.waitForURL('**/brand');
    await page.goto(`/brand?folder=${folderId}`);
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    let dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles([files.poster]);
    await dialog.getByRole('button', { name: /Start upload/ }).click();
    await expect(dialog.getByTestId('upload-status').filter({ hasText: 'Created' })).toHaveCount(1);
    await page.keyboard.press('Escape');

    // Search finds it by the words printed on it, once the worker has read them.
    await searchUntil(page, '/brand?q=gelato', '1 asset');
    await expect(page.getByTestId('search-results').getByText('poster', { exact: true })).toBeVisible();
    const list = await api.send<{ items: { id: number }[] }>('POST', `/api/ops/asset/list/all/${folderId}`, {});
    const posterUrl = `/brand/asset/${list.items[0]!.id}`;
    await page.goto(posterUrl);
    const personPattern = /\/brand\?person=\d+/;

    // The asset page: the text found, a suggested tag accepted, a person named.
    await expect(page.getByRole('region', { name: 'Text found in this file' })).toContainText(/GELATO ?FESTIVAL/);
    const tags = page.getByRole('region', { name: 'Suggested tags' });
    await tags.getByRole('button', { name: 'Accept “person” as a keyword' }).click();
    await expect(page.getByText('Added to keywords: person')).toBeVisible();
    const people = page.getByRole('region', { name: 'People in this file' });
    // Each face shows its crop: an <img>, which sends no bearer token, loads it by a signed link.
    await expect
      .poll(() =>
        people
          .locator('img')
          .first()
          .evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth),
      )
      .toBeGreaterThan(0);
    await people.getByRole('textbox', { name: 'Name' }).first().fill('Ana Ruiz');
    await people.getByRole('button', { name: 'Save name' }).first().click();
    await people.getByRole('link', { name: 'Ana Ruiz' }).click();
    await page.waitForURL(personPattern);
    const personUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await expect(page.getByTestId('search-total')).toHaveText('1 asset');

    // A smaller copy: the upload dialog says what it looks like, and "Find similar" lists it.
    await page.goto(`/brand?folder=${folderId}`);
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles([files.copy]);
    await dialog.getByRole('button', { name: /Start upload/ }).click();
    await expect(dialog.getByText(/^Looks like poster(\.jpg)? in Campaign$/)).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    await page.goto(posterUrl);
    // The side panels grow as their data arrives, so a click can land where the button just was:
    // click until it says it is open.
    const findSimilar = page.getByRole('button', { name: 'Find similar' });
    await expect(async () => {
      if ((await findSimilar.getAttribute('aria-expanded')) !== 'true') await findSimilar.click();
      await expect(findSimilar).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText(/^poster-small(\.jpg)?$/)).toBeVisible();

    // A Spanish member on a phone finds the same poster by its printed words and by the person.
    const phone = await openAs(browser, server, members.es, { viewport: { width: 390, height: 844 } });
    await phone.getByTestId(`brand-card-${brand.id}`).click();
    await phone.waitForURL('**/brand');
    // Both copies carry the printed words; the person's photos include the poster.
    await searchUntil(phone, '/brand?q=gelato', '2 recursos');
    await phone.goto(personUrl);
    await expect(phone.getByTestId('search-results').getByText('poster', { exact: true })).toBeVisible();
    await phone.goto(posterUrl);
    await expect(phone.getByRole('region', { name: 'Texto encontrado en este archivo' })).toContainText('GELATO');
    await expect(phone.getByRole('region', { name: 'Personas en este archivo' })).toContainText('Ana Ruiz');
  } catch (err) {
    await server.stop(testInfo.outputPath('smart-search-server.log'));
    throw err;
  }
  await server.stop();
});
