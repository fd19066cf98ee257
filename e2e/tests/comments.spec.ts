import { expect, test } from '../support/test';
import { apiAs } from '../support/api';
import { mailsTo, unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

test('A marks a spot and mentions B; B sees the bell rise live, opens it, replies and resolves', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(150_000);
  const media = makeMedia();
  const tag = unique('cm').slice(-6);

  // Seed: a brand with one image, and two members of this test's own (B reads Spanish).
  const api = await apiAs(page);
  const name = `Review ${tag}`;
  const { brand } = await api.form<{ brand: { id: number; root_folder_id: number } }>('/api/ops/brand/create', {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
  });
  const ids = await api.upload(brand.id, brand.root_folder_id, [media.sunrise]);
  const assetId = ids['sunrise.jpg']!;
  const password = 'Reviewer-pass-123';
  const person = async (first: string, last: string, lang: 'en' | 'es') => {
    const email = `${unique(first.toLowerCase())}@example.com`;
    const { user } = await api.send<{ user: { id: number } }>('POST', '/api/ops/users/create', {
      first_name: first,
      last_name: last,
      email,
      password,
      password_confirmation: password,
      roles: ['member'],
      brands: [brand.id],
      lang,
    });
    return { id: user.id, email, name: `${first} ${last}` };
  };
  const ana = await person('Ana', `Author${tag}`, 'en');
  const bea = await person('Bea', `Reviewer${tag}`, 'es');
  await page.close();

  const open = async (who: { email: string }) => {
    const p = await pageAs({ email: who.email, password });
    return p;
  };
  const a = await open(ana);
  const b = await open(bea);
  const bell = (p: typeof a) => p.getByTestId('notifications-bell');
  await expect(bell(b)).toHaveAccessibleName('Notificaciones');

  // A opens the image in the viewer, draws a rectangle, mentions B and posts.
  await a.getByRole('button', { name: new RegExp(name) }).click();
  await a.waitForURL('**/brand');
  await expect(a.getByTestId('search-results').locator('img[src*="/api/media/"]')).toHaveCount(1, {
    timeout: 30_000,
  });
  await a.getByTestId(`asset-card-${assetId}`).click();
  const viewer = a.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: 'sunrise.jpg' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Show comments' }).click();
  await expect(viewer.getByRole('tab', { name: /Comments/ })).toHaveAttribute('aria-selected', 'true');
  await viewer.getByRole('button', { name: 'Rectangle annotation' }).click();
  const image = viewer.getByRole('img', { name: 'sunrise.jpg' }).first();
  const box = (await image.boundingBox())!;
  await a.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await a.mouse.down();
  await a.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.45, { steps: 5 });
  await a.mouse.up();
  const composer = viewer.getByRole('textbox', { name: 'Comment' });
  await composer.click();
  await composer.pressSequentially('The logo is too close to the edge, @Bea');
  await a.getByRole('option', { name: new RegExp(bea.name) }).click();
  await composer.pressSequentially(' please check');
  await viewer.getByRole('button', { name: 'Post comment' }).click();
  await expect(viewer.getByText('The logo is too close to the edge,')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Annotation 1' })).toBeVisible();

  // B's bell rises without a reload.
  await expect(bell(b)).toHaveAccessibleName('Notificaciones, 1 sin leer');

  // Unread, it is also mailed, batched, in B's Spanish (the e2e server gathers for 3 s, not 10 min).
  await expect
    .poll(() => mailsTo(bea.email).map((m) => m.subject), { timeout: 30_000 })
    .toContainEqual(`Ana Author${tag} te mencionó en «sunrise.jpg» — Brandvault`);

  // The notification leads to the asset with the marker shown.
  await bell(b).click();
  const list = b.getByRole('dialog', { name: 'Notificaciones' });
  await list.getByRole('button', { name: new RegExp(`Ana Author${tag} te mencionó en sunrise.jpg`) }).click();
  await b.waitForURL(new RegExp(`/brand/asset/${assetId}\\?comment=\\d+`));
  await expect(b.getByRole('button', { name: 'Anotación 1' })).toBeVisible();
  await expect(bell(b)).toHaveAccessibleName('Notificaciones');

  // B replies and resolves the thread.
  await b.getByRole('button', { name: 'Responder' }).first().click();
  await b.getByRole('textbox', { name: 'Tu respuesta' }).fill('Movido 20 px a la derecha.');
  await b.getByRole('button', { name: 'Publicar respuesta' }).click();
  await expect(b.getByText('Movido 20 px a la derecha.')).toBeVisible();
  await b.getByRole('button', { name: 'Resolver' }).first().click();
  await expect(b.getByRole('button', { name: 'Reabrir' }).first()).toBeVisible();

  // A hears of the reply.
  await expect(bell(a)).toHaveAccessibleName('Notifications, 1 unread');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  await bell(a).click();
  await expect(a.getByRole('dialog', { name: 'Notifications' })).toContainText(`Bea Reviewer${tag}`);
});
