import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, startApp } from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';
import { CLIENT, startIdp } from '../../../test/oidcIdp.js';
import type { Idp } from '../../../test/oidcIdp.js';

const APP = 'http://app.test';
let t: TestApp;
let idp: Idp;

beforeAll(async () => {
  idp = await startIdp(APP);
  t = await startApp({
    APP_URL: APP,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_LABEL: 'Company login',
    OIDC_ALLOW_SIGNUP: 'true',
    OIDC_ALLOWED_DOMAINS: 'acme.test, Partner.test',
  });
}, 30_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('the provider set by OIDC_* variables', () => {
  it('is on the sign-in page and the admin screen, its secret sealed, its settings owned by the environment', async () => {
    expect((await t.client().get('/api/sso/providers')).json().data).toEqual([
      { id: expect.any(Number), label: 'Company login' },
    ]);
    const admin = await adminClient(t);
    const [p] = (await admin.get('/api/ops/sso/providers')).json().data;
    expect(p).toMatchObject({
      from_env: true,
      has_secret: true,
      issuer: idp.issuer,
      allow_signup: true,
      allowed_domains: ['acme.test', 'partner.test'],
    });
    const row = await t.built.handle.db.selectFrom('oidc_providers').select('client_secret').executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain(CLIENT.secret);

    // Checked on demand; the environment's fields are edited there, the switch and mapping here.
    expect((await admin.post(`/api/ops/sso/providers/${p.id}/test`)).json().status).toBe('ok');
    const renamed = await admin.patch(`/api/ops/sso/providers/${p.id}`, { label: 'Other' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().error.fields.label).toBeTruthy();
    expect((await admin.patch(`/api/ops/sso/providers/${p.id}`, { enabled: false })).json().enabled).toBe(false);
    expect((await admin.req('DELETE', `/api/ops/sso/providers/${p.id}`)).statusCode).toBe(422);
  });
});
