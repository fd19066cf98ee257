import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortableKind } from '@brandvault/contract';
import {
  adminClient,
  assetRow,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let secret: number;
let asset: number;
let privateAsset: number;

const del = (c: Client, url: string) => c.req('DELETE', url);
const me = async (c: Client) =>
  (await c.get('/api/auth/me')).json().session_user.shortcuts as Record<string, unknown>[];
const assetId = async (key: string) =>
  (
    await t.built.handle.db
      .selectFrom('assets')
      .select('id')
      .where('blob_key', '=', `test/${key}`)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Shortcuts Co');
  folder = await makeFolder(admin, brand.id, 'Campaigns');
  secret = await makeFolder(admin, brand.id, 'Secret', undefined, 'PRIVATE');
  await insertAssets(t.built.handle.db, [
    assetRow(brand.id, folder, 'sc-logo'),
    assetRow(brand.id, secret, 'sc-hidden'),
  ]);
  asset = await assetId('sc-logo');
  privateAsset = await assetId('sc-hidden');
});
afterAll(() => t.close());

async function auditOf(event: string) {
  const r = await admin.get(`/api/ops/audit/all?per_page=100&event=${event}`);
  expect(r.statusCode).toBe(200);
  return r.json().items as {
    event: string;
    section: string;
    user: { id: number } | null;
    target: unknown;
    changes: unknown;
    info: unknown;
  }[];
}

describe('shortcuts', () => {
  it('creates, renames and deletes a folder shortcut, shown with the session user and audited', async () => {
    const user = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const created = await user.client.post(`/api/ops/folder/${folder}/shortcut/create`, { name: ' Campaigns ' });
    expect(created.statusCode).toBe(201);
    const shortcut = created.json().shortcut;
    expect(shortcut).toMatchObject({
      name: 'Campaigns',
      shortable_id: folder,
      shortable_type: 'App\\Models\\Folder',
      folder_id: folder,
      brand: { id: brand.id, name: 'Shortcuts Co' },
    });
    expect(shortableKind(shortcut.shortable_type)).toBe('folder');
    expect(shortcut.shortable_type.split('\\')[2].toLowerCase()).toBe('folder');
    expect(await me(user.client)).toEqual([shortcut]);

    const renamed = await user.client.patch(`/api/ops/folder/${folder}/shortcut/update`, { name: 'Launch' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().shortcut).toMatchObject({ id: shortcut.id, name: 'Launch' });
    expect((await me(user.client)).map((s) => s.name)).toEqual(['Launch']);

    const removed = await del(user.client, `/api/ops/folder/${folder}/shortcut/delete`);
    expect(removed.statusCode).toBe(200);
    expect(await me(user.client)).toEqual([]);
    expect((await del(user.client, `/api/ops/folder/${folder}/shortcut/delete`)).statusCode).toBe(404);
    expect((await user.client.patch(`/api/ops/folder/${folder}/shortcut/update`, { name: 'Again' })).statusCode).toBe(
      404,
    );

    // Every change is in the audit log, in the shortcuts section, about the folder.
    for (const [event, changes] of [
      ['shortcut.create', { name: { before: null, after: 'Campaigns' } }],
      ['shortcut.update', { name: { before: 'Campaigns', after: 'Launch' } }],
      ['shortcut.delete', { name: { before: 'Launch', after: null } }],
    ] as const) {
      const entry = (await auditOf(event)).find((e) => e.user?.id === user.id);
      expect(entry).toMatchObject({
        section: 'shortcuts',
        target: { type: 'folder', id: folder, label: 'Campaigns' },
        changes,
        info: { shortcut_id: shortcut.id },
      });
    }
  });

  it('creates an asset shortcut that opens its folder, once per user, in the caller language', async () => {
    const user = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const other = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const created = await user.client.post(`/api/ops/asset/${asset}/shortcut/create`, { name: 'Logo' });
    expect(created.statusCode).toBe(201);
    expect(created.json().shortcut).toMatchObject({
      shortable_type: 'App\\Models\\Asset',
      shortable_id: asset,
      folder_id: folder,
      brand: { id: brand.id },
    });
    expect(shortableKind(created.json().shortcut.shortable_type)).toBe('asset');

    const again = await user.client.post(`/api/ops/asset/${asset}/shortcut/create`, { name: 'Logo 2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'SHORTCUT_EXISTS_ASSET',
      message: 'A Shortcut already exist for this Asset.',
    });
    await user.client.post(`/api/ops/folder/${folder}/shortcut/create`, { name: 'Folder' });
    const twice = await user.client.post(`/api/ops/folder/${folder}/shortcut/create`, { name: 'Folder' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('A Shortcut already exist for this Folder.');
    // The user's own language says it.
    const spanish = await makeUser(t, admin, { roles: ['member'], brands: [brand.id], lang: 'es' });
    await spanish.client.post(`/api/ops/asset/${asset}/shortcut/create`, { name: 'Logo' });
    const es = await spanish.client.post(`/api/ops/asset/${asset}/shortcut/create`, { name: 'Logo' });
    expect(es.json().error.message).toBe('Ya existe un acceso directo para este recurso.');

    // Another user's shortcut to the same asset is theirs alone.
    expect((await other.client.post(`/api/ops/asset/${asset}/shortcut/create`, { name: 'Mine' })).statusCode).toBe(201);
    expect((await me(other.client)).map((s) => s.name)).toEqual(['Mine']);
    expect((await me(user.client)).map((s) => s.name)).toEqual(['Logo', 'Folder']);

    const gone = await del(user.client, `/api/ops/asset/${asset}/shortcut/delete`);
    expect(gone.statusCode).toBe(200);
    expect((await me(other.client)).map((s) => s.name)).toEqual(['Mine']);
  });

  it('answers 409, never 500, when two creates race', async () => {
    const user = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => user.client.post(`/api/ops/folder/${folder}/shortcut/create`, { name: 'Race' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('answers 404 for missing targets and ones the user cannot see', async () => {
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const outsider = await makeUser(t, admin, { roles: ['member'], brands: [] });
    const body = { name: 'Nope' };
    expect((await guest.client.post('/api/ops/folder/999999/shortcut/create', body)).statusCode).toBe(404);
    expect((await guest.client.post('/api/ops/asset/999999/shortcut/create', body)).statusCode).toBe(404);
    expect((await guest.client.post(`/api/ops/folder/${secret}/shortcut/create`, body)).statusCode).toBe(404);
    expect((await guest.client.post(`/api/ops/asset/${privateAsset}/shortcut/create`, body)).statusCode).toBe(404);
    expect((await outsider.client.post(`/api/ops/folder/${folder}/shortcut/create`, body)).statusCode).toBe(404);
    expect((await outsider.client.post(`/api/ops/asset/${asset}/shortcut/create`, body)).statusCode).toBe(404);
    const notFound = await outsider.client.post(`/api/ops/asset/${asset}/shortcut/create`, body);
    expect(notFound.json().error.message).toBe("We can't find The Resource, check the info and try again later");

    // A shortcut whose target becomes invisible leaves the session, and comes back with it.
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const hideable = await makeFolder(admin, brand.id, 'Hideable');
    await member.client.post(`/api/ops/folder/${hideable}/shortcut/create`, { name: 'Hideable' });
    const guestToo = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    await guestToo.client.post(`/api/ops/folder/${hideable}/shortcut/create`, { name: 'Hideable' });
    await admin.post(`/api/ops/folder/${hideable}/update`, { visibility: 'PRIVATE' });
    expect(await me(guestToo.client)).toEqual([]);
    expect((await me(member.client)).map((s) => s.name)).toEqual(['Hideable']);
    await admin.post(`/api/ops/folder/${hideable}/update`, { visibility: 'PUBLIC' });
    expect((await me(guestToo.client)).map((s) => s.name)).toEqual(['Hideable']);
    // A removed folder's shortcut is gone from the session, and its owner may still delete it.
    await admin.put(`/api/ops/folder/${hideable}/status/change`);
    expect(await me(member.client)).toEqual([]);
    expect((await del(member.client, `/api/ops/folder/${hideable}/shortcut/delete`)).statusCode).toBe(200);
  });

  it('validates the name in the user language (spec §5)', async () => {
    const user = await makeUser(t, admin, { roles: ['member'], brands: [brand.id], lang: 'es' });
    const empty = await user.client.post(`/api/ops/folder/${folder}/shortcut/create`, { name: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.fields).toEqual({ name: 'El campo Nombre es obligatorio' });
    const missing = await admin.post(`/api/ops/folder/${folder}/shortcut/create`, {});
    expect(missing.json().error.fields).toEqual({ name: 'Name is a required field' });
    const long = await admin.post(`/api/ops/folder/${folder}/shortcut/create`, { name: 'x'.repeat(256) });
    expect(long.json().error.fields).toEqual({ name: 'Name must be at most 255 characters' });
    const extra = await admin.patch(`/api/ops/folder/${folder}/shortcut/update`, { name: 'x', brand_id: 1 });
    expect(extra.statusCode).toBe(422);
  });

  it('comes with the login answer', async () => {
    const user = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    await user.client.post(`/api/ops/folder/${folder}/shortcut/create`, { name: 'At login' });
    const again = t.client();
    const answer = await again.login(user.email, 'password-123');
    expect(answer.session_user.shortcuts.map((s: { name: string }) => s.name)).toEqual(['At login']);
  });
});
