import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

// Approval of uploads (issue 40 §3): whose uploads wait, the queue, approve and reject.
let t: TestApp;
let admin: Client;
let manager: Client;
let managerId: number;
let member: { client: Client; id: number; email: string };
let other: Client;
let brand: { id: number; root: number };
let folder: number;
let seed = 0;

const jpeg = () =>
  sharp({ create: { width: 64 + ++seed, height: 48, channels: 3, background: { r: seed % 255, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
async function upload(c: Client, name: string, folderId = folder) {
  const r = await c.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folderId}/new`,
    multipart({}, [{ field: 'files', name, type: 'image/jpeg', data: await jpeg() }]),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0] as { asset_id: number; status: string; pending_review?: boolean };
}
const roleId = async (name: string) =>
  (await t.built.handle.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const view = (c: Client, id: number) => c.get(`/api/ops/asset/${id}/view`).then((r) => r.statusCode);
const queue = async (c: Client, q = '') => {
  const r = await c.get(`/api/review/queue?brand_id=${brand.id}${q}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    total: number;
    uploaders: { id: number; name: string }[];
    items: { asset: { id: number; name: string }; state: string; reason: string }[];
  };
};

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin);
  folder = await makeFolder(admin, brand.id, 'Agency');
  const m = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
  manager = m.client;
  managerId = m.id;
  member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
  other = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
});
afterAll(() => t?.close());

describe('approval settings', () => {
  it('starts with no role needing approval, and an upload is visible at once', async () => {
    const r = await admin.get(`/api/ops/brand/${brand.id}/approval`);
    expect(r.statusCode).toBe(200);
    expect(r.json().role_ids).toEqual([]);
    const up = await upload(member.client, 'free.jpg');
    expect(up.pending_review).toBeUndefined();
    expect(await view(other, up.asset_id)).toBe(200);
  });

  it('refuses an unknown role with a field message, and records the change in the audit log', async () => {
    const bad = await admin.put(`/api/ops/brand/${brand.id}/approval`, { role_ids: [999999] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.role_ids).toBeTruthy();
    const ok = await admin.put(`/api/ops/brand/${brand.id}/approval`, { role_ids: [await roleId('member')] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().role_ids).toEqual([await roleId('member')]);
    const audit = await t.built.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('event', '=', 'brand.approval')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('uploads awaiting review', () => {
  let pendingId: number;
  let secondId: number;

  it('makes a member’s upload pending, seen by its uploader and reviewers only', async () => {
    const up = await upload(member.client, 'agency-1.jpg');
    expect(up).toMatchObject({ status: 'created', pending_review: true });
    pendingId = up.asset_id;
    expect(await view(member.client, pendingId)).toBe(200);
    expect(await view(manager, pendingId)).toBe(200);
    expect(await view(admin, pendingId)).toBe(200);
    expect(await view(other, pendingId)).toBe(404);
    secondId = (await upload(member.client, 'agency-2.jpg')).asset_id;
  });

  it('does not hold a reviewer’s own uploads', async () => {
    const up = await upload(manager, 'manager.jpg');
    expect(up.pending_review).toBeUndefined();
    expect(await view(other, up.asset_id)).toBe(200);
  });

  it('tells reviewers once per batch of an uploader’s files', async () => {
    const rows = await t.built.handle.db
      .selectFrom('notifications')
      .select(['user_id', 'asset_id'])
      .where('kind', '=', 'review_pending')
      .where('user_id', '=', managerId)
      .execute();
    expect(rows).toEqual([{ user_id: managerId, asset_id: pendingId }]);
    const list = await manager.get('/api/ops/notification/list');
    expect(list.json().items[0]).toMatchObject({ kind: 'review_pending', asset: { id: pendingId } });
  });

  it('lists the queue for reviewers with filters, and the uploader’s own list', async () => {
    const q = await queue(manager);
    expect(q.items.map((i) => i.asset.name).sort()).toEqual(['agency-1.jpg', 'agency-2.jpg']);
    expect((await queue(manager, `&uploader_id=${managerId}`)).total).toBe(0);
    expect((await queue(manager)).uploaders).toEqual([{ id: member.id, name: expect.stringContaining('Test') }]);
    expect((await queue(manager, `&uploader_id=${member.id}`)).total).toBe(2);
    expect((await queue(manager, `&folder_id=${brand.root}`)).total).toBe(2);
    expect((await queue(manager, '&older_than_days=3')).total).toBe(0);
    t.clock.advance(4 * 86_400_000);
    expect((await queue(manager, '&older_than_days=3')).total).toBe(2);
    expect((await member.client.get('/api/review/queue?brand_id=' + brand.id)).statusCode).toBe(403);
    const mine = await member.client.get('/api/review/mine');
    expect(mine.json().total).toBe(2);
    expect((await manager.get('/api/review/count')).json().pending).toBe(2);
  });

  it('keeps PRIVATE uploads out of the queue of a reviewer who may not see private content', async () => {
    const guestReviewer = (
      await makeUser(t, admin, { roles: ['guest'], brands: [brand.id], permissions: ['asset.approve'] })
    ).client;
    const db = t.built.handle.db;
    await db.updateTable('assets').set({ visibility: 'PRIVATE' }).where('id', '=', secondId).execute();
    expect((await queue(guestReviewer)).items.map((i) => i.asset.id)).toEqual([pendingId]);
    expect((await queue(manager)).total).toBe(2);
    await db.updateTable('assets').set({ visibility: 'PUBLIC' }).where('id', '=', secondId).execute();
  });

  it('needs a reason to reject', async () => {
    const r = await manager.post('/api/review/reject', { ids: [pendingId] });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.reason).toBeTruthy();
    const blank = await manager.post('/api/review/reject', { ids: [pendingId], reason: '   ' });
    expect(blank.statusCode).toBe(422);
  });

  it('rejects with the reason as a comment, notifies and mails the uploader, and audits it', async () => {
    const r = await manager.post('/api/review/reject', { ids: [pendingId], reason: 'Logo is outdated' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ ids: [pendingId], state: 'rejected' });
    const comments = (await member.client.get(`/api/ops/asset/${pendingId}/comment/list`)).json();
    expect(JSON.stringify(comments)).toContain('Logo is outdated');
    const n = (await member.client.get('/api/ops/notification/list')).json().items;
    expect(n[0]).toMatchObject({ kind: 'review_rejected', excerpt: 'Logo is outdated', asset: { id: pendingId } });
    const mails = await t.waitForMails(member.email);
    expect(mails.at(-1)!.text).toContain('Logo is outdated');
    const mine = (await member.client.get('/api/review/mine')).json().items;
    expect(mine.find((i: { asset: { id: number } }) => i.asset.id === pendingId)).toMatchObject({
      state: 'rejected',
      reason: 'Logo is outdated',
    });
    expect(await view(other, pendingId)).toBe(404);
    const review = (await member.client.get(`/api/review/asset/${pendingId}`)).json();
    expect(review).toMatchObject({ state: 'rejected', reason: 'Logo is outdated', can_review: false });
    expect(review.history.map((h: { state: string }) => h.state)).toEqual(['rejected', 'pending']);
    const audit = await t.built.handle.db
      .selectFrom('audit_log')
      .select('event')
      .where('target_id', '=', pendingId)
      .where('target_type', '=', 'asset')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.event)).toEqual(['asset.upload', 'asset.review_pending', 'asset.reject']);
    // A rejected one cannot be rejected again.
    expect((await manager.post('/api/review/reject', { ids: [pendingId], reason: 'Again' })).statusCode).toBe(404);
  });

  it('approves several at once, which everyone then sees', async () => {
    const r = await manager.post('/api/review/approve', { ids: [pendingId, secondId] });
    expect(r.statusCode, r.body).toBe(200);
    expect(await view(other, pendingId)).toBe(200);
    expect(await view(other, secondId)).toBe(200);
    expect((await queue(manager)).total).toBe(0);
    expect((await member.client.get('/api/review/mine')).json().total).toBe(0);
    const kinds = (await member.client.get('/api/ops/notification/list'))
      .json()
      .items.map((i: { kind: string }) => i.kind);
    expect(kinds.filter((k: string) => k === 'review_approved')).toHaveLength(2);
    // An approved one is not approved again, and a non-reviewer never approves.
    expect((await manager.post('/api/review/approve', { ids: [pendingId] })).statusCode).toBe(404);
    expect((await member.client.post('/api/review/approve', { ids: [secondId] })).statusCode).toBe(403);
  });

  it('puts an asset back in review when such a user adds a new version', async () => {
    const form = multipart({ asset_id: String(secondId) }, [
      { field: 'file', name: 'agency-2b.jpg', type: 'image/jpeg', data: await jpeg() },
    ]);
    const r = await member.client.form('POST', '/api/ops/asset/version/new', form);
    expect(r.statusCode, r.body).toBe(201);
    expect(await view(other, secondId)).toBe(404);
    expect((await queue(manager)).items.map((i) => i.asset.id)).toEqual([secondId]);
  });

  it('answers a colleague’s new version of someone else’s upload, which then waits for review', async () => {
    const approved = (await upload(manager, 'brand-owned.jpg')).asset_id;
    const form = multipart({ asset_id: String(approved) }, [
      { field: 'file', name: 'brand-owned-v2.jpg', type: 'image/jpeg', data: await jpeg() },
    ]);
    const r = await other.form('POST', '/api/ops/asset/version/new', form);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().version).toMatchObject({ number: 2, current: true });
    expect(await view(member.client, approved)).toBe(404);
    expect(await view(manager, approved)).toBe(200);
    const review = (await manager.get(`/api/review/asset/${approved}`)).json();
    expect(review).toMatchObject({ state: 'pending', can_review: true });
    expect(review.history[0]).toMatchObject({ state: 'pending', version: 2 });
  });
});
