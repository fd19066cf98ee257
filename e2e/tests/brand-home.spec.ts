import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

type Saved = { state: { selectedBrand: { id: number } | null } };
const selectedBrand = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('brandvault-state') ?? 'null') as Saved | null)?.state.selectedBrand?.id,
  );

test('a brand home carries the brand: header, figures, recent assets, chooser cards and switcher', async ({
  page,
  pageAs,
}) => {
  const media = makeMedia();
  const api = await apiAs(page);
  const tag = unique('bh').slice(-6);
  const brand = async (name: string, description?: string) =>
    (
      await api.send<{ brand: { id: number; root_folder_id: number } }>('POST', '/api/ops/brand/create', {
        name,
        slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        description,
      })
    ).brand;
  const home = await brand(`Home ${tag}`, 'Roasters of <b>fine</b> coffee.\nSince 1990.');
  const away = await brand(`Away ${tag}`);
  const { folder: closed } = await api.send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
    brand_id: home.id,
    parent_id: home.root_folder_id,
    name: 'Closed',
    visibility: 'PRIVATE',
  });
  // One at a time, so "newest first" has an order to show.
  const sunrise = (await api.upload(home.id, home.root_folder_id, [media.sunrise]))['sunrise.jpg']!;
  const bars = (await api.upload(home.id, home.root_folder_id, [media.bars]))['bars.jpg']!;
  const secret = (await api.upload(home.id, closed.id, [media.fractal]))['fractal.jpg']!;
  await api.upload(away.id, away.root_folder_id, [media.brief]);

  // A guest of both brands: the PRIVATE folder's asset is neither counted nor listed for them.
  const email = `${unique('brandhome')}@example.com`;
  const password = 'Brand-home-pass-123';
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Gia',
    last_name: 'Guest',
    email,
    password,
    password_confirmation: password,
    roles: ['guest'],
    brands: [home.id, away.id],
  });
  await page.close();
  page = await pageAs({ email, password });

  // Chooser cards: what each brand holds for this user, and when it last changed (just now, which
  // reads "yesterday" when midnight passes between the uploads and the look).
  const justNow = /Updated (today|yesterday)/;
  const homeCard = page.getByTestId(`brand-card-${home.id}`);
  await expect(homeCard).toContainText('2 assets');
  await expect(homeCard).toContainText(justNow);
  await expect(page.getByTestId(`brand-card-${away.id}`)).toContainText('1 asset');

  // The brand home's header.
  await homeCard.click();
  await page.waitForURL('**/brand');
  await expect(page.getByRole('heading', { level: 1, name: `Home ${tag}` })).toBeVisible();
  const description = page.getByTestId('brand-description');
  // Shown as text, never as markup, with its lines.
  await expect(description).toHaveText('Roasters of <b>fine</b> coffee.\nSince 1990.');
  await expect(description.locator('b')).toHaveCount(0);
  const figures = page.getByTestId('brand-figures');
  await expect(figures).toContainText('2 assets');
  await expect(figures).toContainText(justNow);

  // Recently added: newest first, only what the guest sees; a click opens the asset page.
  const recent = page.getByRole('list', { name: 'Recently added assets' });
  await expect(recent.getByRole('link')).toHaveCount(2);
  await expect(recent.getByRole('link').first()).toHaveAttribute('href', `/brand/asset/${bars}`);
  await expect(recent.getByTestId(`recent-${secret}`)).toHaveCount(0);
  await recent.getByTestId(`recent-${sunrise}`).click();
  await page.waitForURL(`**/brand/asset/${sunrise}`);

  // The switcher in the header: the current brand, and a menu of the user's brands.
  const switcher = page.getByRole('button', { name: `Switch brand, current: Home ${tag}` });
  await expect(switcher).toBeVisible();
  await switcher.click();
  await page.getByRole('menuitem', { name: `Away ${tag}` }).click();
  await page.waitForURL('**/brand');
  await expect(page.getByRole('heading', { level: 1, name: `Away ${tag}` })).toBeVisible();
  await expect(page.getByText(`You are now working in Away ${tag}.`)).toBeVisible();
  await expect(page.getByTestId('brand-figures')).toContainText('1 asset');
  expect(await selectedBrand(page)).toBe(away.id);
  await expect(page.getByRole('button', { name: `Switch brand, current: Away ${tag}` })).toBeVisible();
});
