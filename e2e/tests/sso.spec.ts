import { expect, test } from '../support/test';
import { ADMIN, unique } from '../support/fixtures';
import { CLIENT, startIdp } from '../../apps/server/test/oidcIdp';

// A real OpenID provider (oidc-provider) on loopback beside the server, signing in whoever the
// journey names without a form of its own.

test('an admin adds an identity provider; new people sign in with it and wait for approval, in English and Spanish', async ({
  browser,
  pageAs,
  baseURL,
}) => {
  const idp = await startIdp(baseURL!);
  try {
    const label = unique('Acme');
    const admin = await pageAs(ADMIN);
    await admin.goto('/sso/manage');
    // The header's button (an installation with none offers a second one in its empty state).
    await admin.getByRole('button', { name: 'Add provider' }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Button label').fill(label);
    await dialog.getByLabel('Issuer URL').fill(idp.issuer);
    await dialog.getByLabel('Client ID').fill(CLIENT.id);
    await dialog.getByLabel('Client secret', { exact: true }).fill(CLIENT.secret);
    await dialog.getByLabel('Create accounts on first sign-in').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = admin.getByRole('row', { name: new RegExp(label) });
    await expect(row.getByText('Reachable')).toBeVisible();

    // A new person, in English.
    const ada = idp.add({ sub: unique('ada'), email: `${unique('ada')}@newco.test`, name: 'Ada Newcomer' });
    idp.as(ada.sub);
    const en = await (await browser.newContext()).newPage();
    await en.goto('/login');
    await en.getByRole('link', { name: `Sign in with ${label}` }).click();
    await en.waitForURL('**/sso/waiting');
    await expect(en.getByRole('heading', { name: 'Your account awaits approval' })).toBeVisible();

    // Another, in Spanish.
    const bea = idp.add({ sub: unique('bea'), email: `${unique('bea')}@newco.test`, name: 'Bea Nueva' });
    idp.as(bea.sub);
    const es = await (await browser.newContext()).newPage();
    await es.goto('/login');
    await es.getByRole('button', { name: 'Español' }).click();
    await es.getByRole('link', { name: `Entrar con ${label}` }).click();
    await es.waitForURL('**/sso/waiting');
    await expect(es.getByRole('heading', { name: 'Tu cuenta espera aprobación' })).toBeVisible();

    // Both wait in the administrators' list of people to approve.
    await admin.goto('/users');
    await admin.getByLabel('Search users').fill(ada.email!);
    await expect(
      admin.getByRole('row', { name: new RegExp(ada.email!) }).getByRole('button', { name: 'Approve' }),
    ).toBeVisible();
  } finally {
    await idp.close();
  }
});
