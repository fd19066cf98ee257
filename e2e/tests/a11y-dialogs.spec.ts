import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { LOCALES, PASSWORD, PHONE, WIDE, checkAtLangWidth, seed, settle, texts, type Lang } from '../support/axe';

/**
 * Opens a dialog (or menu, or popover), checks it at the language's width, and closes it: with
 * `close`, or with Escape (a focused select takes the first one to itself).
 */
async function checkOpened(
  page: Page,
  lang: Lang,
  label: string,
  found: string[],
  open: () => Promise<unknown>,
  shown: Locator,
  close?: () => Promise<unknown>,
) {
  await open();
  await expect(shown).toBeVisible();
  await checkAtLangWidth(page, lang, label, found);
  await expect(async () => {
    await (close ? close() : page.keyboard.press('Escape'));
    await expect(shown).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

/** Opens a menu, then its item: what opens most dialogs below. */
const viaMenu = (page: Page, openMenu: () => Promise<unknown>, item: string) => async () => {
  await openMenu();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
};

for (const lang of ['en', 'es'] as const) {
  const t = texts(lang);
  const locale = LOCALES[lang];

  test(`the brand's dialogs have no serious accessibility violation (${lang})`, async ({ page, pageAs }) => {
    test.setTimeout(480_000);
    const { name, email } = await seed(page, lang);
    const found: string[] = [];
    const user = await pageAs({ email, password: PASSWORD }, { locale, viewport: WIDE });
    await user.getByRole('button', { name: new RegExp(name) }).click();
    await user.waitForURL('**/brand');
    await settle(user);
    const dialog = user.getByRole('dialog');
    const menu = user.getByRole('menu');
    const at = (state: string) => `${lang} /brand ${state}`;

    await checkOpened(
      user,
      lang,
      at('upload'),
      found,
      () =>
        user
          .getByRole('button', { name: t('upload.open'), exact: true })
          .first()
          .click(),
      dialog,
    );
    await checkOpened(
      user,
      lang,
      at('new folder'),
      found,
      () => user.getByRole('button', { name: t('folders.new') }).click(),
      dialog,
    );
    const folderMenu = () => user.getByRole('button', { name: t('folders.actions', { name: 'Campaigns' }) }).click();
    await checkOpened(user, lang, at('folder menu'), found, folderMenu, menu);
    await checkOpened(user, lang, at('move folder'), found, viaMenu(user, folderMenu, t('folders.move')), dialog);
    await checkOpened(user, lang, at('remove folder'), found, viaMenu(user, folderMenu, t('folders.remove')), dialog);

    // A selected asset: its bar, then the dialogs the bar opens.
    await user.getByRole('checkbox', { name: t('search.select', { name: 'sunrise.jpg' }) }).check();
    const bar = user.getByRole('region', { name: t('search.selectionBar') });
    await expect(bar).toBeVisible();
    await checkAtLangWidth(user, lang, at('selection'), found);
    for (const key of ['collections.addToCollection', 'search.move', 'downloads.action', 'metadataBulk.action'])
      await checkOpened(
        user,
        lang,
        at(key),
        found,
        () => bar.getByRole('button', { name: t(key), exact: true }).click(),
        dialog,
      );
    await bar.getByRole('button', { name: t('search.clearSelection') }).click();

    expect(found, found.join('\n')).toEqual([]);
  });

  test(`the top bar's menus, the tour and the viewer have no serious accessibility violation (${lang})`, async ({
    page,
    pageAs,
  }) => {
    test.setTimeout(480_000);
    const { name, asset, email } = await seed(page, lang);
    const found: string[] = [];
    const user = await pageAs({ email, password: PASSWORD }, { locale, viewport: WIDE });
    await user.getByRole('button', { name: new RegExp(name) }).click();
    await user.waitForURL('**/brand');
    await settle(user);
    const dialog = user.getByRole('dialog');
    const menu = user.getByRole('menu');
    const at = (state: string) => `${lang} /brand ${state}`;

    // The top bar's popovers and menus.
    const bell = () => user.getByTestId('notifications-bell').click();
    await checkOpened(user, lang, at('notifications'), found, bell, dialog, bell);
    await checkOpened(user, lang, at('profile menu'), found, () => user.getByTestId('profile-menu').click(), menu);
    await checkOpened(
      user,
      lang,
      at('language menu'),
      found,
      () => user.getByRole('button', { name: t('language.menu') }).click(),
      menu,
    );
    // The phone's menu only exists at phone width, the width Spanish is checked at.
    if (lang === 'es') {
      const openPhoneMenu = async () => {
        await user.setViewportSize(PHONE);
        await user.getByRole('button', { name: t('nav.openMenu') }).click();
      };
      await checkOpened(user, lang, at('phone menu'), found, openPhoneMenu, menu);
    }

    // The tour's highlight and popover, then the question before stopping it.
    await user.getByRole('button', { name: t('help.label') }).click();
    const popover = user.locator('.driver-popover');
    // Settled: the step moves focus to Next once its highlight is in place.
    await expect(popover.locator('.driver-popover-next-btn')).toBeFocused();
    await checkAtLangWidth(user, lang, at('tour'), found);
    await user.keyboard.press('Escape');
    const stop = user.getByRole('dialog', { name: t('tour.stopTitle') });
    await expect(stop).toBeVisible();
    await checkAtLangWidth(user, lang, at('stop tour'), found);
    await stop.getByRole('button', { name: t('tour.stop') }).click();
    await expect(popover).toBeHidden();

    // The viewer with a marked comment: markers with the comments closed, then open.
    const api = await apiAs(user);
    await api.send('POST', `/api/ops/asset/${asset}/comment/add`, {
      body: 'Logo too close to the edge',
      annotation: { kind: 'rect', x: 0.2, y: 0.2, w: 0.3, h: 0.25 },
    });
    await user.goto(`/brand/asset/${asset}`);
    await settle(user);
    await checkAtLangWidth(user, lang, `${lang} asset with a marked comment`, found);
    await user.getByRole('button', { name: t('viewer.open') }).click();
    const viewer = user.getByRole('dialog');
    await expect(viewer.getByRole('button', { name: t('comments.marker', { label: '1' }) })).toBeVisible();
    await checkAtLangWidth(user, lang, `${lang} viewer markers`, found);
    await viewer.getByRole('button', { name: t('comments.toggle') }).click();
    await expect(viewer.getByText('Logo too close to the edge')).toBeVisible();
    await checkAtLangWidth(user, lang, `${lang} viewer comments`, found);
    expect(found, found.join('\n')).toEqual([]);
  });

  test(`the collections' and admin dialogs have no serious accessibility violation (${lang})`, async ({
    page,
    pageAs,
  }) => {
    test.setTimeout(480_000);
    const { name, asset, email } = await seed(page, lang);
    const found: string[] = [];
    const user = await pageAs({ email, password: PASSWORD }, { locale, viewport: WIDE });
    await user.getByRole('button', { name: new RegExp(name) }).click();
    await user.waitForURL('**/brand');
    const api = await apiAs(user);
    const { collection } = await api.send<{ collection: { id: number } }>('POST', '/api/ops/collection/new', {
      name: 'Axe picks',
      asset_ids: [asset],
    });
    const dialog = user.getByRole('dialog');

    await user.goto('/collections/own');
    await settle(user);
    await checkOpened(
      user,
      lang,
      `${lang} new collection`,
      found,
      () =>
        user
          .getByRole('button', { name: t('collections.new') })
          .first()
          .click(),
      dialog,
    );
    await user.goto(`/collections/own/${collection.id}`);
    await settle(user);
    await checkOpened(
      user,
      lang,
      `${lang} share`,
      found,
      () => user.getByRole('button', { name: t('share.action') }).click(),
      dialog,
    );

    const role = `axe-${lang}-${Date.now().toString(36)}`;
    await api.send('POST', '/api/ops/roles/create', { name: role });
    await user.goto('/roles/manage');
    await settle(user);
    await checkOpened(
      user,
      lang,
      `${lang} new role`,
      found,
      () => user.getByRole('button', { name: t('roles.create') }).click(),
      dialog,
    );
    const roleMenu = () => user.getByRole('button', { name: t('roles.actions', { name: role }) }).click();
    await checkOpened(user, lang, `${lang} rename role`, found, viaMenu(user, roleMenu, t('roles.rename')), dialog);
    await checkOpened(user, lang, `${lang} delete role`, found, viaMenu(user, roleMenu, t('roles.delete')), dialog);
    expect(found, found.join('\n')).toEqual([]);
  });

  test(`the recent dialogs and the brand settings tabs have no serious accessibility violation (${lang})`, async ({
    page,
    pageAs,
  }) => {
    test.setTimeout(300_000);
    const { name, asset, email } = await seed(page, lang);
    const found: string[] = [];
    const user = await pageAs({ email, password: PASSWORD }, { locale, viewport: WIDE });
    await user.getByRole('button', { name: new RegExp(name) }).click();
    await user.waitForURL('**/brand');
    await settle(user);
    const dialog = user.getByRole('dialog');

    // The header's search dialog.
    await checkOpened(
      user,
      lang,
      `${lang} header search`,
      found,
      () => user.getByRole('button', { name: t('headerSearch.open', { brand: name }), exact: true }).click(),
      dialog,
    );

    // The guidelines' public links.
    await user.goto('/brand/guidelines');
    await settle(user);
    await checkOpened(
      user,
      lang,
      `${lang} guidelines public links`,
      found,
      () => user.getByRole('button', { name: t('guidelines.publicLink') }).click(),
      dialog,
    );

    // A text file as a new version of a JPEG: the file-type warning over the upload dialog.
    await user.goto(`/brand/asset/${asset}`);
    await settle(user);
    await user.getByRole('button', { name: t('versions.new') }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Not a picture'),
    });
    await dialog.getByRole('button', { name: t('upload.start', { count: '1' }) }).click();
    const warning = user.getByRole('dialog', { name: t('versions.typeChangeTitle') });
    await expect(warning).toBeVisible();
    await checkAtLangWidth(user, lang, `${lang} version type warning`, found);
    await warning.getByRole('button', { name: t('common.cancel') }).click();
    await expect(warning).toBeHidden();
    await expect(async () => {
      await user.keyboard.press('Escape');
      await expect(dialog).toBeHidden({ timeout: 1_000 });
    }).toPass();

    // The viewer's "⋯" menu, open.
    await user.getByRole('button', { name: t('viewer.open') }).click();
    const viewer = user.getByRole('dialog');
    await checkOpened(
      user,
      lang,
      `${lang} viewer more menu`,
      found,
      () => viewer.getByRole('button', { name: t('viewer.more') }).click(),
      user.getByRole('menu'),
    );
    await user.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // The brand settings page, tab by tab.
    for (const tab of ['watermark', 'crop-presets', 'smart-search']) {
      await user.goto(`/brand/settings/${tab}`);
      await settle(user);
      await expect(user.getByRole('tab', { selected: true })).toBeVisible();
      await checkAtLangWidth(user, lang, `${lang} brand settings ${tab}`, found);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
