import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

describe('default home', () => {
  it('is the brand home until the user chooses the gallery, kept on the account and audited', async () => {
    const { client, email, id } = await makeUser(t, admin);
    expect((await client.get('/api/auth/me')).json().session_user.user_settings.home).toBe('brand');

    const r = await client.patch('/api/auth/user/update', { default_home: 'gallery' });
    expect(r.statusCode).toBe(200);
    expect(r.json().session_user.user_settings.home).toBe('gallery');
    // Another browser reads it at sign-in.
    const other = t.client();
    expect((await other.login(email, 'password-123')).session_user.user_settings.home).toBe('gallery');

    const [entry] = await t.built.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event', '=', 'auth.profile_update')
      .where('user_id', '=', id)
      .execute();
    expect(JSON.parse(entry!.details).changes.default_home).toEqual({ before: 'brand', after: 'gallery' });
  });

  it('refuses anything but the two homes, in the user language', async () => {
    const { client } = await makeUser(t, admin, { lang: 'es' });
    const r = await client.patch('/api/auth/user/update', { default_home: 'dashboard' });
    expect(r.statusCode).toBe(422);
    expect(Object.keys(r.json().error.fields)).toEqual(['default_home']);
  });
});
