import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

const PASSWORD = 'axe-check-password-1';

/** Serious and critical WCAG 2.1 A/AA violations on the page as it stands, one line each. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits for the page to settle: no skeleton or loader left, so axe sees what a person does. */
async function settle(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('main')).toBeVisible();
  // Thumbnails still being made keep their skeletons on a busy machine: axe checks the rest anyway.
  await expect(page.locator('main .mantine-Skeleton-root'))
    .toHaveCount(0, { timeout: 20_000 })
    .catch(() => {});
}

/** A brand with a folder, two pictures and a removed one, a collection, and an administrator speaking `lang`. */
async function seed(page: Page, lang: 'en' | 'es') {
  const api = await apiAs(page);
  const media = makeMedia();
  const name = `Axe ${lang} ${unique('b').slice(-6)}`;
  const { brand } = await api.send<{ brand: { id: number; root_folder_id: number } }>('POST', '/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  });
  await api.send('POST', '/api/ops/folder/new', {
    brand_id: brand.id,
    parent_id: brand.root_folder_id,
    name: 'Campaigns',
    visibility: 'PUBLIC',
  });
  const ids = await api.upload(brand.id, brand.root_folder_id, [media.sunrise, media.bars, media.fractal]);
  const asset = ids['sunrise.jpg'];
  // A removed asset too: the admin tables show those rows differently, and they must stay legible.
  await api.send('PUT', `/api/ops/asset/${ids['fractal.jpg']}/status/change`, undefined);
  const email = `${unique('axe')}@example.com`;
  const { user } = await api.send<{ user: { id: number } }>('POST', '/api/ops/users/create', {
    first_name: 'Ada',
    last_name: 'Axe',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    roles: ['admin'],
    brands: [brand.id],
    lang,
  });
  return { name, asset, email, userId: user.id };
}

const SCREENS = {
  brand: [
    '/brand',
    '/brand2',
    'asset',
    '/brand/all',
    '/collections/own',
    'collection',
    '/users/me',
    '/downloads',
    '/no-such-page',
  ],
  admin: [
    '/users',
    '/users/create',
    'user',
    '/reports/imports',
    '/asset/manager',
    '/roles/manage',
    '/share-link/manage',
    '/audit/all',
    '/watermark/trace',
    '/extension/all',
    '/dashboard',
  ],
};

for (const lang of ['en', 'es'] as const) {
  const locale = lang === 'es' ? 'es-ES' : 'en-US';
  const check = async (page: Page, label: string, found: string[]) => {
    // The log says which screen a timeout stopped on.
    console.log(`axe ${lang} ${label}`);
    await settle(page);
    for (const v of await violations(page)) found.push(`${label}: ${v}`);
  };

  test(`the signed-out screens have no serious accessibility violation (${lang})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    const guest = await (await browser.newContext({ locale })).newPage();
    for (const path of ['/login', '/register', '/password/forgot', '/password/reset?token=x&email=a%40b.c'])
      await guest.goto(path).then(() => check(guest, path, found));
    expect(found, found.join('\n')).toEqual([]);
  });

  for (const [group, paths] of Object.entries(SCREENS))
    test(`the ${group} screens have no serious accessibility violation (${lang})`, async ({ page, pageAs }) => {
      test.setTimeout(300_000);
      const { name, asset, email, userId } = await seed(page, lang);
      const found: string[] = [];
      const user = await pageAs({ email, password: PASSWORD }, { locale });
      const api = await apiAs(user);
      const { collection } = await api.send<{ collection: { id: number } }>('POST', '/api/ops/collection/new', {
        name: 'Axe picks',
        asset_ids: [asset],
      });
      if (group === 'brand') await check(user, '/brand/choose', found);
      await user.getByRole('button', { name: new RegExp(name) }).click();
      await user.waitForURL('**/brand');
      const ids: Record<string, string> = {
        asset: `/brand/asset/${asset}`,
        collection: `/collections/own/${collection.id}`,
        user: `/users/${userId}/edit`,
      };
      for (const path of paths) await user.goto(ids[path] ?? path).then(() => check(user, ids[path] ?? path, found));
      expect(found, found.join('\n')).toEqual([]);
    });
}
