import { expect, test } from '../support/test';
import type { PageAs } from '../support/test';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

const PASSWORD = 'Tour-pass-123';

/** A step as the user sees it: its title, its place ("3 of 13") and the `data-tour` anchor it stands on. */
type Step = { step: string; title: string; anchor?: string };

const popover = (page: Page) => page.locator('.driver-popover');

async function expectStep(page: Page, s: Step, progress: string) {
  await expect(page.getByRole('dialog', { name: s.title })).toBeVisible();
  await expect(popover(page)).toHaveAttribute('data-step', s.step);
  await expect(popover(page).locator('.driver-popover-progress-text')).toHaveText(progress);
  if (!s.anchor) return;
  // The element the step explains is on screen and is the one highlighted.
  const anchor = page.locator(`[data-tour="${s.anchor}"].driver-active-element`);
  await expect(anchor).toBeVisible();
  await expect(anchor).toBeInViewport();
}

/**
 * The tour never comes. The chooser is loaded afresh on a clock the journey moves: once it has the
 * user's answer from the server and shows the brands, the clock goes well past the tour's start
 * delay (1 s), so a tour that were coming would have started, whatever the machine's speed.
 */
async function expectNoTour(page: Page) {
  await page.clock.install();
  const me = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
  await page.goto('/brand/choose');
  expect((await me).status()).toBe(200);
  await expect(page.locator('[data-tour="brand-cards"]')).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(popover(page)).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveClass(/driver-active/);
}

const tourSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/auth/user/tour/update') && r.request().method() === 'PATCH');

/**
 * A brand holding two pictures (in a folder when asked, so its top level has none), and a new
 * member of it who has never seen the tour.
 */
async function seed(page: Page, opts: { folders: boolean; lang: 'en' | 'es' }) {
  const api = await apiAs(page);
  const media = makeMedia();
  const name = `Tour ${opts.lang} ${unique('b').slice(-6)}`;
  const { brand } = await api.send<{ brand: { id: number; root_folder_id: number } }>('POST', '/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  });
  const folder = opts.folders ? await api.newFolder(brand.id, brand.root_folder_id, 'Campaigns') : brand.root_folder_id;
  await api.upload(brand.id, folder, [media.sunrise, media.bars]);
  const email = `${unique('tour')}@example.com`;
  await api.send('POST', '/api/ops/users/create', {
    first_name: 'Tess',
    last_name: 'Tour',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    roles: ['member'],
    brands: [brand.id],
    lang: opts.lang,
  });
  return { brand: name, email };
}

/** The new member on the brand chooser, in a browser of their own, with the tour as they have it. */
const newUserPage = (pageAs: PageAs, email: string, options: BrowserContextOptions = {}) =>
  pageAs({ email, password: PASSWORD }, { ...options, tour: true });

test('a new user takes the whole tour in English: keys, Back, the stop question, and Done is remembered', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const { brand, email } = await seed(page, { folders: true, lang: 'en' });
  const intro: Step[] = [
    { step: 'logo', title: 'Welcome to Brandvault', anchor: 'logo' },
    { step: 'collections', title: 'My collections', anchor: 'my_collections' },
    { step: 'favorites', title: 'My favourites', anchor: 'my_favorites' },
    { step: 'brands', title: 'Your brands', anchor: 'brand-cards' },
  ];
  const searcher: Step[] = [
    { step: 'welcome', title: `Inside ${brand}` },
    { step: 'header', title: 'Search', anchor: 'searcher-header' },
    { step: 'sidebar', title: 'Folder tree', anchor: 'left-sidebar' },
    { step: 'filters', title: 'Filters', anchor: 'filters-toggle' },
    { step: 'sort', title: 'Sort', anchor: 'sort' },
    { step: 'buttons', title: 'Actions', anchor: 'searcher-buttons' },
    { step: 'folder', title: 'A folder', anchor: 'folder-card' },
    // The top level holds no asset: the step stands on the newest one of its folders.
    { step: 'asset', title: 'An asset', anchor: 'asset-recent' },
    { step: 'done', title: 'You’re all set' },
  ];
  const user = await newUserPage(pageAs, email);
  const button = (name: string) => popover(user).getByRole('button', { name, exact: true });

  // It starts by itself on the brand chooser; Next, Back and the arrow keys move through it.
  await expectStep(user, intro[0]!, '1 of 13');
  await expect(button('Back')).toHaveCount(0);
  await button('Next').click();
  await expectStep(user, intro[1]!, '2 of 13');
  await user.keyboard.press('ArrowRight');
  await expectStep(user, intro[2]!, '3 of 13');
  await user.keyboard.press('ArrowLeft');
  await expectStep(user, intro[1]!, '2 of 13');
  await button('Back').click();
  await expectStep(user, intro[0]!, '1 of 13');
  for (const [i, s] of intro.entries()) {
    if (i > 0) await user.keyboard.press('ArrowRight');
    await expectStep(user, s, `${i + 1} of 13`);
  }

  // Escape asks first; the question keeps its keys (Enter does not answer, arrows do not move the tour).
  await user.keyboard.press('Escape');
  const question = user.getByRole('dialog', { name: 'Are you sure you want to stop the tour?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep going' })).toBeFocused();
  await user.keyboard.press('Enter');
  await user.keyboard.press('ArrowLeft');
  await expect(question).toBeVisible();
  await user.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expectStep(user, intro[3]!, '4 of 13');
  await expect(question).toBeHidden();
  // Exit asks the same.
  await button('Exit').click();
  await question.getByRole('button', { name: 'Keep going' }).click();
  await expect(question).toBeHidden();
  await expectStep(user, intro[3]!, '4 of 13');

  // A click on the brand's card opens it, and the searcher's steps follow.
  await user.getByRole('button', { name: new RegExp(brand) }).click();
  await user.waitForURL('**/brand');
  for (const [i, s] of searcher.entries()) {
    if (i > 0) await (i % 2 ? button('Next').click() : user.keyboard.press('ArrowRight'));
    await expectStep(user, s, `${i + 5} of 13`);
  }
  await expect(button('Exit')).toHaveCount(0);
  await button('Back').click();
  await expectStep(user, searcher[7]!, '12 of 13');
  await user.keyboard.press('ArrowRight');
  const saved = tourSaved(user);
  await button('Done').click();
  expect((await saved).status()).toBe(200);
  await expect(popover(user)).toHaveCount(0);
  await expect(user.locator('body')).not.toHaveClass(/driver-active/);

  // Remembered: after a reload, and at the next sign-in in another browser.
  await expectNoTour(user);
  const again = await newUserPage(pageAs, email);
  await expectNoTour(again);
  const me = await (
    await apiAs(again)
  ).get<{ session_user: { tour: { completed_at: string | null } } }>('/api/auth/me');
  expect(me.session_user.tour.completed_at).not.toBeNull();
});

test('en español y en un teléfono: sin carpetas el paso de carpeta se explica, Salir se recuerda y Ayuda empieza aquí', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const { brand, email } = await seed(page, { folders: false, lang: 'es' });
  const intro: Step[] = [
    { step: 'logo', title: 'Te damos la bienvenida a Brandvault', anchor: 'logo' },
    // On a phone the menu is behind the burger: both steps point at it.
    { step: 'collections', title: 'Mis colecciones', anchor: 'menu-compact' },
    { step: 'favorites', title: 'Mis favoritos', anchor: 'menu-compact' },
    { step: 'brands', title: 'Tus marcas', anchor: 'brand-cards' },
  ];
  // No folder in the brand: its step explains on a centred popover and the count stays 13.
  const searcher: Step[] = [
    { step: 'welcome', title: `Dentro de ${brand}` },
    { step: 'header', title: 'Buscar', anchor: 'searcher-header' },
    { step: 'sidebar', title: 'Árbol de carpetas', anchor: 'left-sidebar' },
    { step: 'filters', title: 'Filtros', anchor: 'filters-toggle' },
    { step: 'sort', title: 'Ordenar', anchor: 'sort' },
    { step: 'buttons', title: 'Acciones', anchor: 'searcher-buttons' },
    { step: 'folder', title: 'Una carpeta' },
    { step: 'asset', title: 'Un recurso', anchor: 'asset-card' },
    { step: 'done', title: '¡Todo listo!' },
  ];
  const user = await newUserPage(pageAs, email, { viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  const button = (name: string) => popover(user).getByRole('button', { name, exact: true });
  // A slow phone connection: the brand home's code arrives after the tour's 2 s pause has ended.
  await user.route(/\/BrandHomePage-[^/]*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });

  for (const [i, s] of intro.entries()) {
    if (i > 0) await button('Siguiente').click();
    await expectStep(user, s, `${i + 1} de 13`);
  }
  // Next on the brands opens the (first) brand, as a click on its card would.
  await button('Siguiente').click();
  await user.waitForURL('**/brand');
  for (const [i, s] of searcher.entries()) {
    if (i > 0) await user.keyboard.press('ArrowRight');
    await expectStep(user, s, `${i + 5} de 13`);
  }
  await expect(button('Listo')).toBeVisible();
  await button('Atrás').click();
  await expectStep(user, searcher[7]!, '12 de 13');

  // Salir asks, in Spanish; stopping is remembered.
  await button('Salir').click();
  const question = user.getByRole('dialog', { name: '¿Seguro que quieres detener el recorrido?' });
  await expect(question.getByRole('button', { name: 'Seguir' })).toBeFocused();
  const saved = tourSaved(user);
  await question.getByRole('button', { name: 'Detener el recorrido' }).click();
  expect((await saved).status()).toBe(200);
  await expect(popover(user)).toHaveCount(0);
  await expectNoTour(user);

  // On the brand page the Help button starts the tour there, with the searcher's steps.
  await user.goto('/brand');
  await user.getByRole('button', { name: 'Ayuda' }).click();
  await expectStep(user, searcher[0]!, '1 de 9');
  expect(new URL(user.url()).pathname).toBe('/brand');
  await user.keyboard.press('Escape');
  await question.getByRole('button', { name: 'Detener el recorrido' }).click();
  await expect(popover(user)).toHaveCount(0);
});
