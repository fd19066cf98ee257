import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { LOCALES, PASSWORD, WIDE, checkAtLangWidth, seed, settle } from '../support/axe';

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
  const locale = LOCALES[lang];
  // One load and one axe run per screen, at the language's width (English wide, Spanish on a phone).
  const check = async (page: Page, label: string, found: string[]) => {
    await settle(page);
    await checkAtLangWidth(page, lang, `${lang} ${label}`, found);
  };

  test(`the signed-out screens have no serious accessibility violation (${lang})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    const guest = await (await browser.newContext({ locale, viewport: WIDE })).newPage();
    for (const path of ['/login', '/register', '/password/forgot', '/password/reset?token=x&email=a%40b.c'])
      await guest.goto(path).then(() => check(guest, path, found));
    expect(found, found.join('\n')).toEqual([]);
  });

  for (const [group, paths] of Object.entries(SCREENS))
    test(`the ${group} screens have no serious accessibility violation (${lang})`, async ({ page, pageAs }) => {
      test.setTimeout(480_000);
      const { name, asset, email, userId } = await seed(page, lang);
      const found: string[] = [];
      const user = await pageAs({ email, password: PASSWORD }, { locale, viewport: WIDE });
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
