import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_MINUTES } from '@brandvault/contract';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;

const jpeg = (seed: number) =>
  sharp({ create: { width: 50 + seed, height: 40, channels: 3, background: { r: seed, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

async function upload(data: Buffer): Promise<number> {
  const form = multipart({}, [{ field: 'files', name: 'original.jpg', type: 'image/jpeg', data }]);
  const r = await admin.form('POST', `/api/ops/asset/${brand.id}/${folder}/new`, form);
  return r.json().results[0].asset_id;
}

const linkOf = async (c: Client, id: number): Promise<string> =>
  (await c.get(`/api/ops/asset/${id}/view`)).json().asset.download_url;

/** Fetches a link the way a browser's <a download> does: no bearer token. */
const fetchLink = (link: string) => t.client().get(link);

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Links Co');
  folder = await makeFolder(admin, brand.id, 'Shared');
});
afterAll(() => t.close());

describe('signed download links', () => {
  it('name their user and live minutes, not hours', async () => {
    const data = await jpeg(1);
    const id = await upload(data);
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const link = await linkOf(guest.client, id);
    expect(new URL(link, 'http://x').searchParams.get('u')).toBe(String(guest.id));
    const ok = await fetchLink(link);
    expect(ok.statusCode).toBe(200);
    expect(Buffer.compare(ok.rawPayload, data)).toBe(0);
    const exp = Number(new URL(link, 'http://x').searchParams.get('exp'));
    expect(exp - t.clock.now().getTime()).toBeLessThanOrEqual((DOWNLOAD_LINK_MINUTES + 1) * 60_000);
    // Another user's id in the link breaks its signature.
    const forged = link.replace(`u=${guest.id}`, `u=${guest.id + 1}`);
    expect((await fetchLink(forged)).statusCode).toBe(401);
    t.clock.advance((DOWNLOAD_LINK_MINUTES + 1) * 60_000);
    expect((await fetchLink(link)).statusCode).toBe(401);
  });

  it('stop working once the asset turns PRIVATE for a user without content.private', async () => {
    const id = await upload(await jpeg(2));
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const guestLink = await linkOf(guest.client, id);
    const memberLink = await linkOf(member.client, id);
    expect((await fetchLink(guestLink)).statusCode).toBe(200);
    await admin.put(`/api/ops/asset/${id}/edit`, { visibility: 'PRIVATE' });
    expect((await fetchLink(guestLink)).statusCode).toBe(404);
    // A member may see PRIVATE content: their link still works.
    expect((await fetchLink(memberLink)).statusCode).toBe(200);
  });

  it('stop working once the asset is removed, for those who may not restore it', async () => {
    const id = await upload(await jpeg(3));
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const memberLink = await linkOf(member.client, id);
    const adminLink = await linkOf(admin, id);
    expect((await fetchLink(memberLink)).statusCode).toBe(200);
    expect((await admin.put(`/api/ops/asset/${id}/status/change`)).json().asset.status).toBe('INACTIVE');
    expect((await fetchLink(memberLink)).statusCode).toBe(404);
    // Those who may restore it still reach it, as they do with their token.
    expect((await fetchLink(adminLink)).statusCode).toBe(200);
  });

  it('stop working once their user is deactivated or leaves the brand', async () => {
    const id = await upload(await jpeg(4));
    const gone = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const moved = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const goneLink = await linkOf(gone.client, id);
    const movedLink = await linkOf(moved.client, id);
    expect((await fetchLink(goneLink)).statusCode).toBe(200);
    expect((await admin.patch(`/api/ops/users/${gone.id}/status/change`, { status: 'INACTIVE' })).statusCode).toBe(200);
    expect((await fetchLink(goneLink)).statusCode).toBe(404);
    expect((await fetchLink(movedLink)).statusCode).toBe(200);
    expect((await admin.patch(`/api/ops/users/${moved.id}/edit`, { brands: [] })).statusCode).toBe(200);
    expect((await fetchLink(movedLink)).statusCode).toBe(404);
  });
});
