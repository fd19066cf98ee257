import { expect, test } from '../support/test';
import type { APIRequestContext } from '@playwright/test';
import { apiAs } from '../support/api';
import { unique } from '../support/fixtures';
import { makeMedia } from '../support/media';

/** The words of the screens in each language the journey runs in. */
const WORDS = {
  en: {
    menu: 'API keys',
    heading: 'API keys',
    newKey: 'New key',
    dialog: 'New API key',
    name: 'Name',
    expiry: 'Expiry',
    never: 'Never',
    neverWarning: 'A key without expiry',
    scope: 'See their brands, with folders, assets and search',
    create: 'Create key',
    shown: 'Your new API key',
    secret: 'Secret',
    done: 'I have copied it',
    revokeNamed: (n: string) => `Revoke ${n}`,
    revokeTitle: 'Revoke this key?',
    revoke: 'Revoke',
    revoked: 'Revoked',
  },
  es: {
    menu: 'Claves de API',
    heading: 'Claves de API',
    newKey: 'Nueva clave',
    dialog: 'Nueva clave de API',
    name: 'Nombre',
    expiry: 'Caducidad',
    never: 'Nunca',
    neverWarning: 'Una clave sin caducidad',
    scope: 'Ver sus marcas, con carpetas, recursos y búsqueda',
    create: 'Crear clave',
    shown: 'Tu nueva clave de API',
    secret: 'Secreto',
    done: 'Ya lo he copiado',
    revokeNamed: (n: string) => `Revocar ${n}`,
    revokeTitle: '¿Revocar esta clave?',
    revoke: 'Revocar',
    revoked: 'Revocada',
  },
} as const;

/** A script's call: only the key, no session and no XSRF cookie. */
const listWithKey = (script: APIRequestContext, secret: string, rootFolderId: number) =>
  script.fetch(`/api/ops/asset/list/all/${rootFolderId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
    data: { recursive: true },
  });

for (const lang of ['en', 'es'] as const) {
  test(`a member creates an API key and a script lists the brand's assets with it (${lang})`, async ({
    page,
    browser,
    pageAs,
  }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    const media = makeMedia();
    const tag = unique('key').slice(-6);

    // Seed: a brand with a folder holding one picture, and a member of it working in `lang`.
    const api = await apiAs(page);
    const brand = await api.newBrand(`Keys ${lang} ${tag}`);
    const folder = await api.newFolder(brand.id, brand.root_folder_id, 'Launch');
    const assetId = (await api.upload(brand.id, folder, [media.sunrise]))['sunrise.jpg'];
    const email = `${unique('scripter')}@example.com`;
    const password = 'Scripter-pass-123';
    await api.send('POST', '/api/ops/users/create', {
      first_name: 'Sam',
      last_name: 'Scripter',
      email,
      password,
      password_confirmation: password,
      roles: ['member'],
      brands: [brand.id],
      lang,
    });
    const member = await pageAs({ email, password });

    // The member makes a key that can see brands, without expiry (after the warning).
    await member.getByTestId('profile-menu').click();
    await member.getByRole('menuitem', { name: w.menu }).click();
    await expect(member.getByRole('heading', { level: 1, name: w.heading })).toBeVisible();
    await member.getByRole('button', { name: w.newKey }).first().click();
    const dialog = member.getByRole('dialog', { name: w.dialog });
    await dialog.getByRole('textbox', { name: w.name }).fill(`Catalogue export ${tag}`);
    await dialog.getByRole('combobox', { name: w.expiry }).click();
    await member.getByRole('option', { name: w.never }).click();
    await expect(dialog.getByText(w.neverWarning)).toBeVisible();
    await dialog.getByRole('checkbox', { name: new RegExp(w.scope) }).check();
    await dialog.getByRole('button', { name: w.create }).click();
    const shown = member.getByRole('dialog', { name: w.shown });
    const secret = await shown.getByRole('textbox', { name: w.secret }).inputValue();
    expect(secret).toMatch(/^bv_[A-Za-z0-9_-]{43}[0-9A-Za-z]{6}$/);
    await shown.getByRole('button', { name: w.done }).click();
    const row = member.getByRole('row', { name: new RegExp(`Catalogue export ${tag}`) });
    await expect(row).toContainText(secret.slice(-4));

    // A script, with no session at all, lists the brand's assets with the key.
    const script = (await browser.newContext()).request;
    const listed = await listWithKey(script, secret, brand.root_folder_id);
    expect(listed.status()).toBe(200);
    const body = (await listed.json()) as { items: { id: number; name: string }[]; total: number };
    expect(body.items.map((a) => a.id)).toEqual([assetId]);
    // What the key was not given, it cannot do; and it makes no keys.
    const edit = await script.fetch(`/api/ops/asset/${assetId}/edit`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      data: { name: 'renamed' },
    });
    expect(edit.status()).toBe(403);
    const child = await script.fetch('/api/account/api-keys', {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      data: { name: 'child', expires_at: null, scopes: ['brand.view'] },
    });
    expect(child.status()).toBe(403);

    // Revoked from the screen, the key is refused like any unknown one.
    await member.reload();
    await row
      .getByRole('button', { name: w.revokeNamed(`Catalogue export ${tag}`) })
      .first()
      .click();
    const confirmDialog = member.getByRole('dialog', { name: w.revokeTitle });
    await confirmDialog.getByRole('button', { name: w.revoke }).click();
    await expect(row).toContainText(w.revoked);
    expect((await listWithKey(script, secret, brand.root_folder_id)).status()).toBe(401);
  });
}
