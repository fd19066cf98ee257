import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { texts } from '../support/axe';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';
import type { Locator, Page } from '@playwright/test';

/** A MultiSelect's text input, by its label. */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(label, { exact: true }).locator('xpath=self::input');

async function pick(page: Page, label: string, asset: string) {
  await field(page, label).fill(asset.replace(/\.\w+$/, ''));
  await page.getByRole('option', { name: asset, exact: true }).click();
  await page.keyboard.press('Escape');
}

const PHONE = { width: 390, height: 844 };

test('a manager publishes a Logo page; members read it, copy a HEX value and download the logo as PNG', async ({
  page,
  pageAs,
  browser,
}) => {
  test.setTimeout(180_000);
  const media = makeMedia();
  const api = await apiAs(page);
  const tag = unique('g').slice(-6);
  const name = `Guide ${tag}`;
  const brand = await api.newBrand(name);
  const folder = await api.newFolder(brand.id, brand.root_folder_id, 'Logos');
  const ids = await api.upload(brand.id, folder, [media.sunrise, media.bars]);
  // The PNG button converts at the original's size, which the upload's analysis records.
  await expect
    .poll(
      async () =>
        (await api.get<{ asset: { width: number | null } }>(`/api/ops/asset/${ids['sunrise.jpg']}/view`)).asset.width,
    )
    .not.toBeNull();
  const people = {
    manager: { email: `${unique('gm')}@example.com`, password: 'Guide-manager-123', role: 'manager', lang: 'en' },
    member: { email: `${unique('gr')}@example.com`, password: 'Guide-member-123', role: 'member', lang: 'en' },
    lector: { email: `${unique('gs')}@example.com`, password: 'Guide-lector-123', role: 'member', lang: 'es' },
  } as const;
  for (const p of Object.values(people))
    await api.send('POST', '/api/ops/users/create', {
      first_name: 'Gia',
      last_name: p.role,
      email: p.email,
      password: p.password,
      password_confirmation: p.password,
      roles: [p.role],
      brands: [brand.id],
      lang: p.lang,
    });
  // On a phone the navbar's link is in the menu: the brand home's tab leads there too.
  const open = async (
    who: Page,
    way: { role: 'link' | 'tab'; name: string } = { role: 'link', name: 'Guidelines' },
  ) => {
    await who.getByRole('button', { name: new RegExp(name) }).click();
    await who.waitForURL('**/brand');
    await who.getByRole(way.role, { name: way.name }).click();
    await who.waitForURL('**/brand/guidelines**');
  };

  // The manager builds the page: a palette, a do/don't pair and the logo's asset block.
  const manager = await pageAs(people.manager);
  await open(manager);
  await manager.getByRole('button', { name: 'New page' }).click();
  const dialog = manager.getByRole('dialog', { name: 'New page' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Logo');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await manager.waitForURL(/\/brand\/guidelines\/\d+\/edit$/);

  const add = async (type: string) => {
    await manager.getByRole('button', { name: 'Add block' }).click();
    await manager.getByRole('menuitem', { name: type }).click();
  };
  await add('Colour palette');
  const palette = manager.getByTestId('block-palette');
  await palette.getByRole('textbox', { name: 'Name', exact: true }).fill('Brand red');
  await palette.getByRole('textbox', { name: 'HEX', exact: true }).fill('#D81E05');
  await add("Do and don't");
  await pick(manager, 'Do', 'sunrise.jpg');
  await pick(manager, "Don't", 'bars.jpg');
  await add('Assets');
  await pick(manager, 'Assets', 'sunrise.jpg');
  // A block moves by keyboard on its grip (Space, an arrow, Space) as a drag would move it.
  // Each key waits for what a screen reader hears of the last: keys pressed faster than the
  // editor measures the blocks were lost on a busy machine.
  await manager.getByRole('button', { name: 'Drag block 3: Assets' }).focus();
  for (const [key, heard] of [
    // The pick-up's words are soon replaced by where the block is (still position 3).
    ['Space', /^(Picked up the .+ block at|The .+ block is over) position 3\.$/],
    ['ArrowUp', /^The .+ block is over position 2\.$/],
    ['Space', /^The .+ block was dropped at position 2\.$/],
  ] as const) {
    await manager.keyboard.press(key);
    await expect(manager.getByText(heard)).toBeAttached();
  }
  await expect
    .poll(() =>
      manager.locator('[data-testid^="block-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
    )
    .toEqual(['block-palette', 'block-assets', 'block-dodont']);
  // The Spanish version starts as a copy of the main one; its title is the brand's word for it.
  await manager.getByText('Spanish', { exact: true }).click();
  await manager.getByRole('switch', { name: 'This page has a Spanish version' }).check();
  await manager.getByRole('textbox', { name: 'Title', exact: true }).fill('Logotipo');
  await manager.getByRole('button', { name: 'Publish' }).click();
  await manager.waitForURL(/\/brand\/guidelines\/\d+$/);
  await expect(manager.getByText('Published as version 1.', { exact: true })).toBeVisible();

  // The manager copies a password link; a signed-out reader opens it with the password and reads
  // the published page without any control to change it.
  await manager.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await manager.getByRole('button', { name: 'Public link' }).click();
  const links = manager.getByRole('dialog', { name: 'Public links to these guidelines' });
  await links.getByLabel('Password (optional)').fill('Open-guide-42');
  await links.getByRole('button', { name: 'Create link' }).click();
  await links.getByRole('button', { name: 'Copy link' }).click();
  await expect(links.getByRole('button', { name: 'Link copied' })).toBeVisible();
  const link = await manager.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/guidelines\/public\/[A-Za-z0-9_-]+$/);
  const outsider = await (await browser.newContext()).newPage();
  // A signed-out visitor's console stays clean: no error, and no answer of 400 or more (Chromium
  // logs each as an error), the password prompt included.
  const problems: string[] = [];
  outsider.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
  outsider.on('response', (r) => void (r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`)));
  await outsider.goto(new URL(link).pathname);
  await expect(outsider.getByRole('heading', { name: 'This link is protected' })).toBeVisible();
  await expect(outsider.getByText('Enter the password you were given to read these guidelines.')).toBeVisible();
  await outsider.getByRole('textbox', { name: 'Password' }).fill('Open-guide-42');
  await outsider.getByRole('button', { name: 'Open' }).click();
  const opened = outsider.getByTestId('guideline-page');
  await expect(opened.getByRole('heading', { name: 'Logo' })).toBeVisible();
  await expect(opened.getByText('Brand red')).toBeVisible();
  // On a desktop the pages' list stands beside the open page, as it does for signed-in readers.
  const nav = await outsider.getByRole('navigation', { name: 'Guidelines pages' }).boundingBox();
  expect(nav!.x + nav!.width).toBeLessThan((await opened.boundingBox())!.x);
  for (const control of ['Edit', 'Add block', 'Publish', 'New page', 'Public link', 'Profile menu'])
    await expect(outsider.getByRole('button', { name: control, exact: true })).toHaveCount(0);
  // The link allows downloads: the logo as PNG comes through the link, nobody signed in.
  const converted = outsider.waitForEvent('download');
  await opened.getByRole('button', { name: 'Download sunrise.jpg as PNG' }).click();
  expect((await converted).suggestedFilename()).toMatch(/^sunrise.*\.png$/);
  await expect(opened.locator('img').first()).toBeVisible();
  await outsider.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  await outsider.context().close();

  // The member reads it, copies the red's HEX and downloads the logo as PNG from the asset block.
  const member = await pageAs(people.member);
  await member.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(member);
  const shown = member.getByTestId('guideline-page');
  await expect(shown.getByRole('heading', { name: 'Logo' })).toBeVisible();
  await expect(shown.getByText('Brand red')).toBeVisible();
  await expect(shown.getByText('Do', { exact: true })).toBeVisible();
  await shown.getByRole('button', { name: 'Copy HEX #D81E05' }).click();
  expect(await member.evaluate(() => navigator.clipboard.readText())).toBe('#D81E05');
  const download = member.waitForEvent('download');
  await shown.getByRole('button', { name: 'Download sunrise.jpg as PNG' }).click();
  expect((await download).suggestedFilename()).toMatch(/^sunrise.*\.png$/);

  // A Spanish speaker on a phone reads the Spanish version, switches to the English one and back,
  // and takes the same HEX and PNG from the Spanish blocks.
  const es = texts('es');
  const lector = await pageAs(people.lector, { viewport: PHONE });
  await lector.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(lector, { role: 'tab', name: es('guidelines.title') });
  const leido = lector.getByTestId('guideline-page');
  await expect(leido.getByRole('heading', { name: 'Logotipo' })).toBeVisible();
  await leido.getByText(es('guidelines.readEnglish'), { exact: true }).click();
  await expect(leido.getByRole('heading', { name: 'Logo', exact: true })).toBeVisible();
  await leido.getByText(es('guidelines.readSpanish'), { exact: true }).click();
  await leido.getByRole('button', { name: es('guidelines.copyNamed', { label: 'HEX', value: '#D81E05' }) }).click();
  expect(await lector.evaluate(() => navigator.clipboard.readText())).toBe('#D81E05');
  const bajada = lector.waitForEvent('download');
  await leido
    .getByRole('button', { name: es('guidelines.downloadNamed', { name: 'sunrise.jpg', format: 'PNG' }) })
    .click();
  expect((await bajada).suggestedFilename()).toMatch(/^sunrise.*\.png$/);
  expect(await lector.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
