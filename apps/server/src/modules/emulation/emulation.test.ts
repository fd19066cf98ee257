import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminClient, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
/** A second administrator session that never emulates: it sets the scene and checks results. */
let boss: Client;
let adminId: number;

beforeAll(async () => {
  t = await startApp({ EMULATION_MINUTES: '30' });
  boss = await adminClient(t);
  adminId = (await boss.get('/api/auth/me')).json().session_user.id;
});
afterAll(() => t.close());

/** A fresh admin session (emulating replaces the token it is made with). */
const adminSession = () => adminClient(t);
const switchTo = (c: Client, id: number) => c.post(`/api/ops/users/${id}/switch`);
const auditOf = (event: string) =>
  t.built.handle.db.selectFrom('audit_log').selectAll().where('event', '=', event).orderBy('seq', 'desc').execute();

describe('emulation', () => {
  it('acts as the user until finished, naming both in the audit trail', async () => {
    const member = await makeUser(t, boss, { roles: ['member'], lang: 'es' });
    const c = await adminSession();
    const oldToken = c.token;
    const r = await switchTo(c, member.id);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.session_user.id).toBe(member.id);
    expect(body.emulator).toEqual({ isEmulating: true, admin_id: adminId });
    expect(body.permissions.map((p: { name: string }) => p.name)).not.toContain('role.view');

    // The admin's own token is gone: only one session of the pair can act.
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
    c.token = body.token;
    const me = (await c.get('/api/auth/me')).json();
    expect(me.session_user.id).toBe(member.id);
    expect(me.emulator.admin_id).toBe(adminId);
    // The member's own permissions, not the admin's.
    expect((await c.get('/api/ops/roles/all')).statusCode).toBe(403);
    expect(oldToken).not.toBe(body.token);

    // A change made meanwhile is recorded as the member's, with the admin as emulator.
    expect((await c.patch('/api/auth/user/update', { first_name: 'Emulated' })).statusCode).toBe(200);
    const [edit] = await auditOf('auth.profile_update');
    expect(edit).toMatchObject({ user_id: member.id, emulator_id: adminId });
    const [start] = await auditOf('user.emulate_start');
    expect(start).toMatchObject({ user_id: adminId, emulator_id: null });
    expect(JSON.parse(start!.details).target.id).toBe(member.id);

    const end = await c.post(`/api/ops/users/${adminId}/switch/end`);
    expect(end.statusCode).toBe(200);
    expect(end.json().session_user).toMatchObject({ id: adminId, email: ADMIN.email });
    expect(end.json().emulator).toEqual({ isEmulating: false, admin_id: null });
    const [ended] = await auditOf('user.emulate_end');
    expect(ended).toMatchObject({ user_id: member.id, emulator_id: adminId });
    expect(JSON.parse(ended!.details).target.id).toBe(member.id);
    // The emulated token ends with it; the new one is the admin's again.
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
    c.token = end.json().token;
    expect((await c.get('/api/ops/users/all')).statusCode).toBe(200);
  });

  it('refuses administrator targets, nesting, non-admins, inactive users and strangers to end', async () => {
    const other = await makeUser(t, boss, { roles: ['admin'] });
    const c = await adminSession();
    expect((await switchTo(c, other.id)).statusCode).toBe(403);
    expect((await switchTo(c, adminId)).statusCode).toBe(403);
    expect((await switchTo(c, 999_999)).statusCode).toBe(404);
    const inactive = await makeUser(t, boss, { roles: ['member'], status: 'INACTIVE' });
    expect((await switchTo(c, inactive.id)).statusCode).toBe(403);

    // A manager manages users yet may not emulate them.
    const manager = await makeUser(t, boss, { roles: ['manager'] });
    const target = await makeUser(t, boss, { roles: ['member'] });
    expect((await switchTo(manager.client, target.id)).statusCode).toBe(403);

    // Nested: an emulated session never starts another.
    const r = await switchTo(c, target.id);
    expect(r.statusCode).toBe(200);
    c.token = r.json().token;
    expect((await switchTo(c, manager.id)).statusCode).toBe(403);
    // Ending names the emulator; any other id, or a session that is not emulating, is refused.
    expect((await c.post(`/api/ops/users/${other.id}/switch/end`)).statusCode).toBe(403);
    expect((await target.client.post(`/api/ops/users/${adminId}/switch/end`)).statusCode).toBe(403);
    expect((await boss.post(`/api/ops/users/${adminId}/switch/end`)).statusCode).toBe(403);
    expect((await c.post(`/api/ops/users/${adminId}/switch/end`)).statusCode).toBe(200);
  });

  it("follows the emulated user's live permissions", async () => {
    const member = await makeUser(t, boss, { roles: ['member'] });
    const c = await adminSession();
    c.token = (await switchTo(c, member.id)).json().token;
    expect((await c.get('/api/ops/asset/all')).statusCode).toBe(403);
    expect((await boss.patch(`/api/ops/users/${member.id}/edit`, { roles: ['manager'] })).statusCode).toBe(200);
    expect((await c.get('/api/ops/asset/all')).statusCode).toBe(200);
    expect((await c.post(`/api/ops/users/${adminId}/switch/end`)).statusCode).toBe(200);
  });

  it("answers the spec's path with its trailing slash as the one without", async () => {
    const member = await makeUser(t, boss, { roles: ['member'] });
    const c = await adminSession();
    const r = await c.post(`/api/ops/users/${member.id}/switch/`);
    expect(r.statusCode).toBe(200);
    expect(r.json().session_user.id).toBe(member.id);
    c.token = r.json().token;
    expect((await c.post(`/api/ops/users/${adminId}/switch/end/`)).statusCode).toBe(200);
  });

  it('ends by itself after EMULATION_MINUTES', async () => {
    const member = await makeUser(t, boss, { roles: ['member'] });
    const c = await adminSession();
    c.token = (await switchTo(c, member.id)).json().token;
    t.clock.advance(29 * 60_000);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
    expect((await c.post(`/api/ops/users/${adminId}/switch/end`)).statusCode).toBe(401);
    // The member's own sessions are not emulated and last as usual.
    expect((await member.client.get('/api/auth/me')).statusCode).toBe(200);
  });
});
