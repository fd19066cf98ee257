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

const auditOf = (event: string, userId: number) =>
  t.built.handle.db
    .selectFrom('audit_log')
    .selectAll()
    .where('event', '=', event)
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .execute();

describe('onboarding tour', () => {
  it('is neither completed nor stopped for a new user', async () => {
    const { client } = await makeUser(t, admin);
    const me = (await client.get('/api/auth/me')).json();
    expect(me.session_user.tour).toEqual({ completed_at: null, dismissed_at: null });
    expect(me.permissions).toContainEqual({ name: 'user.tour' });
  });

  it('remembers a completion on the user, across sessions, and audits it', async () => {
    const { client, email, id } = await makeUser(t, admin);
    const r = await client.patch('/api/auth/user/tour/update', { outcome: 'completed' });
    expect(r.statusCode).toBe(200);
    const state = r.json();
    expect(state.completed_at).toEqual(expect.any(String));
    expect(state.dismissed_at).toBeNull();

    // Another browser: a new sign-in reads it from the server.
    const other = t.client();
    const login = await other.login(email, 'password-123');
    expect(login.session_user.tour).toEqual(state);
    expect((await other.get('/api/auth/me')).json().session_user.tour).toEqual(state);

    const [entry] = await auditOf('auth.tour_complete', id);
    const details = JSON.parse(entry!.details);
    expect(details.target).toMatchObject({ type: 'user', id });
    expect(details.changes.tour_completed_at).toEqual({ before: null, after: state.completed_at });
  });

  it('keeps a stop apart from a completion', async () => {
    const { client, id } = await makeUser(t, admin);
    const stopped = (await client.patch('/api/auth/user/tour/update', { outcome: 'dismissed' })).json();
    expect(stopped).toEqual({ completed_at: null, dismissed_at: expect.any(String) });
    expect(await auditOf('auth.tour_dismiss', id)).toHaveLength(1);

    // Taken again from the help button and finished: both are kept.
    const done = (await client.patch('/api/auth/user/tour/update', { outcome: 'completed' })).json();
    expect(done).toEqual({ completed_at: expect.any(String), dismissed_at: stopped.dismissed_at });
    expect((await client.get('/api/auth/me')).json().session_user.tour).toEqual(done);
  });

  it('refuses anything but an outcome, signed-out callers and callers without user.tour', async () => {
    const { client } = await makeUser(t, admin);
    for (const body of [{}, { outcome: 'skipped' }, { outcome: 'completed', completed_at: '2020-01-01' }, []]) {
      const r = await client.patch('/api/auth/user/tour/update', body);
      expect(r.statusCode).toBe(422);
    }
    expect((await t.client().patch('/api/auth/user/tour/update', { outcome: 'completed' })).statusCode).toBe(401);

    const role = await admin.post('/api/ops/roles/create', {
      name: `no-tour-${Date.now()}`,
      permissions: ['brand.view'],
    });
    expect(role.statusCode).toBe(201);
    const { client: plain } = await makeUser(t, admin, { roles: [role.json().name] });
    expect((await plain.patch('/api/auth/user/tour/update', { outcome: 'completed' })).statusCode).toBe(403);
  });
});
