import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };

type Role = { id: number; name: string; permissions: string[]; users: number; locked: boolean };
const roles = async (): Promise<Role[]> => (await admin.get('/api/ops/roles/all')).json().data;
const roleNamed = async (name: string) => (await roles()).find((r) => r.name === name)!;
const audits = async (event: string) =>
  t.built.handle.db.selectFrom('audit_log').select(['event', 'details']).where('event', '=', event).execute();

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Roles Co');
});
afterAll(() => t.close());

describe('listing', () => {
  it('shows every role with its permissions, user counts and the admin lock', async () => {
    await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const all = await roles();
    expect(all.map((r) => r.name)).toEqual(expect.arrayContaining(['admin', 'manager', 'member', 'guest']));
    const adminRole = all.find((r) => r.name === 'admin')!;
    expect(adminRole.locked).toBe(true);
    expect(adminRole.permissions).toContain('role.manage');
    expect(adminRole.users).toBeGreaterThanOrEqual(1);
    expect(all.find((r) => r.name === 'member')!.users).toBeGreaterThanOrEqual(1);
  });
});

describe('create, rename, change, delete', () => {
  it('creates a role, audited, and refuses a duplicate or malformed name and unknown permissions', async () => {
    const r = await admin.post('/api/ops/roles/create', {
      name: 'reviewer',
      permissions: ['brand.view', 'asset.view'],
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ name: 'reviewer', permissions: ['asset.view', 'brand.view'], users: 0 });
    expect((await audits('role.create')).length).toBe(1);
    expect((await admin.post('/api/ops/roles/create', { name: 'reviewer' })).statusCode).toBe(422);
    const bad = await admin.post('/api/ops/roles/create', { name: 'Has Spaces!' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.name).toBeTruthy();
    const unknown = await admin.post('/api/ops/roles/create', { name: 'other', permissions: ['asset.fly'] });
    expect(unknown.statusCode).toBe(422);
  });

  it('renames a role and changes its permissions, audited with before and after', async () => {
    const { id } = await roleNamed('reviewer');
    const r = await admin.patch(`/api/ops/roles/${id}/update`, { name: 'reviewers', permissions: ['brand.view'] });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ name: 'reviewers', permissions: ['brand.view'] });
    const [entry] = await audits('role.update');
    expect(JSON.parse(entry!.details)).toMatchObject({
      target: { type: 'role', id, label: 'reviewers' },
      changes: {
        name: { before: 'reviewer', after: 'reviewers' },
        permissions: { before: ['asset.view', 'brand.view'], after: ['brand.view'] },
      },
    });
    expect((await admin.patch('/api/ops/roles/999999/update', { name: 'ghost' })).statusCode).toBe(404);
  });

  it('keeps admin whole: no rename, no permission taken away, no delete', async () => {
    const { id, permissions } = await roleNamed('admin');
    const rename = await admin.patch(`/api/ops/roles/${id}/update`, { name: 'boss' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().error.fields.name).toMatch(/admin role keeps every permission/);
    const shrink = await admin.patch(`/api/ops/roles/${id}/update`, {
      permissions: permissions.filter((p) => p !== 'asset.download'),
    });
    expect(shrink.statusCode).toBe(422);
    expect((await admin.req('DELETE', `/api/ops/roles/${id}/delete`)).statusCode).toBe(422);
    expect((await roleNamed('admin')).permissions).toEqual(permissions);
  });

  it('refuses to delete a role users hold, naming the count in both languages', async () => {
    const { id } = await roleNamed('guest');
    await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const held = (await roleNamed('guest')).users;
    const r = await admin.req('DELETE', `/api/ops/roles/${id}/delete`);
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.name).toContain(`${held} users hold this role`);
    const spanish = await makeUser(t, admin, { roles: ['admin'], lang: 'es' });
    const es = await spanish.client.req('DELETE', `/api/ops/roles/${id}/delete`);
    expect(es.json().error.fields.name).toContain(`${held} usuarios tienen este rol`);
  });

  it('deletes a role nobody holds, audited', async () => {
    const { id } = await roleNamed('reviewers');
    expect((await admin.req('DELETE', `/api/ops/roles/${id}/delete`)).statusCode).toBe(200);
    expect((await roles()).some((r) => r.name === 'reviewers')).toBe(false);
    const [entry] = await audits('role.delete');
    expect(JSON.parse(entry!.details).target).toMatchObject({ type: 'role', label: 'reviewers' });
  });

  it('lets nobody but an admin in, even one holding user.manage', async () => {
    const manager = await makeUser(t, admin, { roles: ['manager'], permissions: ['user.manage'], brands: [brand.id] });
    expect((await manager.client.get('/api/ops/roles/all')).statusCode).toBe(403);
    expect((await manager.client.post('/api/ops/roles/create', { name: 'sneaky' })).statusCode).toBe(403);
  });
});

describe('live sessions', () => {
  it('takes a permission away from a signed-in member at once', async () => {
    const folder = await makeFolder(admin, brand.id, 'Live');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const up = await admin.form(
      'POST',
      `/api/ops/asset/${brand.id}/${folder}/new`,
      multipart({}, [{ field: 'files', name: 'live.png', type: 'image/png', data: png }]),
    );
    const assetId = up.json().results[0].asset_id as number;
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect((await member.client.get(`/api/ops/asset/${assetId}/download`)).statusCode).toBe(200);
    const role = await roleNamed('member');
    const without = role.permissions.filter((p) => p !== 'asset.download');
    expect((await admin.patch(`/api/ops/roles/${role.id}/update`, { permissions: without })).statusCode).toBe(200);
    expect((await member.client.get(`/api/ops/asset/${assetId}/download`)).statusCode).toBe(403);
    await admin.patch(`/api/ops/roles/${role.id}/update`, { permissions: role.permissions });
    expect((await member.client.get(`/api/ops/asset/${assetId}/download`)).statusCode).toBe(200);
  });
});
