import sharp from 'sharp';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import { ADMIN, adminClient, makeBrand, makeFolder, makeUser, multipart } from './harness.js';
import type { Client, TestApp } from './harness.js';
import { PRINCIPALS } from './authzMatrix.js';
import type { Principal } from './authzMatrix.js';

/** What a principal is made of, so a second user just like it can be made on demand. */
type Spec = { roles: string[]; brands: ('A' | 'B')[]; permissions: string[] };
const SPECS: Record<Exclude<Principal, 'anonymous'>, Spec> = {
  guest: { roles: ['guest'], brands: ['A'], permissions: [] },
  member: { roles: ['member'], brands: ['A'], permissions: [] },
  manager: { roles: ['manager'], brands: ['A'], permissions: [] },
  admin: { roles: ['admin'], brands: [], permissions: [] },
  otherBrand: { roles: ['manager'], brands: ['B'], permissions: [] },
  direct: { roles: ['guest'], brands: ['A'], permissions: ['user.manage'] },
  apiKey: { roles: ['member'], brands: ['A'], permissions: [] },
};
const PASSWORD = 'password-123';

let pngSeq = 0;
/** A small PNG that no other call has made (distinct bytes, so uploads are never duplicates). */
export function uniquePng() {
  pngSeq += 1;
  const background = { r: pngSeq % 256, g: Math.floor(pngSeq / 256) % 256, b: 99 };
  return sharp({ create: { width: 12, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * Brand A's objects and one signed-in client per principal, built once per app. Anything a
 * call may change or destroy comes from the `fresh*` makers instead, so principals never see
 * each other's effects.
 */
export async function buildWorld(t: TestApp) {
  const admin = await adminClient(t);
  await admin.csrf();
  const logo = await uniquePng();
  const brandForm = multipart({ name: 'Matrix A', slug: 'matrix-a' }, [
    { field: 'image', name: 'a.png', type: 'image/png', data: logo },
  ]);
  const made = await admin.form('POST', '/api/ops/brand/create', brandForm);
  if (made.statusCode !== 201) throw new Error(`brand A: ${made.statusCode} ${made.body}`);
  const A = { id: made.json().brand.id as number, root: made.json().brand.root_folder_id as number };
  const mediaUrl = made.json().brand.image_uri as string;
  const B = await makeBrand(admin, 'Matrix B');
  const brandIds = { A: A.id, B: B.id };
  const pub = await makeFolder(admin, A.id, 'Public', A.root, 'PUBLIC');
  const priv = await makeFolder(admin, A.id, 'Private', A.root, 'PRIVATE');

  let seq = 0;
  const next = () => (seq += 1);
  let ipSeq = 0;
  /** An anonymous client on an address of its own: set-up calls never eat the principals' rate limits. */
  const stranger = () => {
    const c = t.client();
    ipSeq += 1;
    c.ip = `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
    return c;
  };

  const userOf = (spec: Spec, over: Record<string, unknown> = {}) =>
    makeUser(t, admin, { ...spec, brands: spec.brands.map((b) => brandIds[b]), ...over });
  /** A target user, never signed in (a sign-in per target would double the set-up time). */
  async function targetOf(spec: Spec, over: Record<string, unknown> = {}) {
    const n = next();
    const email = `target${n}-${Date.now()}@example.com`;
    const r = await admin.post('/api/ops/users/create', {
      first_name: 'Target',
      last_name: `No${n}`,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      ...spec,
      brands: spec.brands.map((b) => brandIds[b]),
      ...over,
    });
    if (r.statusCode !== 201) throw new Error(`target user: ${r.statusCode} ${r.body}`);
    return { id: r.json().user.id as number, email };
  }

  /** A client sending an API key of `owner`'s (a session) with all of the member's permissions. */
  async function keyed(owner: Client) {
    const r = await owner.post('/api/account/api-keys', {
      name: `Matrix key ${next()}`,
      expires_at: null,
      scopes: [...ROLE_PERMISSIONS.member],
    });
    if (r.statusCode !== 201) throw new Error(`api key: ${r.statusCode} ${r.body}`);
    const c = t.client();
    c.token = r.json().secret as string;
    return c;
  }
  /** The session of the user behind the `apiKey` principal (its keys are made with it). */
  let keyOwner: Client | null = null;

  const clients = { anonymous: t.client() } as Record<Principal, Client>;
  const emails = {} as Record<Principal, string>;
  for (const p of PRINCIPALS) {
    if (p === 'anonymous') continue;
    if (p === 'admin') {
      clients.admin = admin;
      emails.admin = ADMIN.email;
      continue;
    }
    const u = await userOf(SPECS[p]);
    if (p === 'apiKey') keyOwner = u.client;
    clients[p] = p === 'apiKey' ? await keyed(u.client) : u.client;
    emails[p] = u.email;
  }

  async function upload(folderId: number, name = 'matrix.png') {
    const form = multipart({}, [{ field: 'files', name, type: 'image/png', data: await uniquePng() }]);
    let r = await admin.form('POST', `/api/ops/asset/${A.id}/${folderId}/new`, form);
    // The matrix makes more uploads than a person may in a minute: its clock moves past the window.
    if (r.statusCode === 429) {
      t.clock.advance(61_000);
      r = await admin.form('POST', `/api/ops/asset/${A.id}/${folderId}/new`, form);
    }
    if (r.statusCode !== 201) throw new Error(`upload: ${r.statusCode} ${r.body}`);
    return r.json().results[0].asset_id as number;
  }

  async function newVersion(client: Client, assetId: number) {
    const form = multipart({ asset_id: String(assetId) }, [
      { field: 'file', name: 'v2.png', type: 'image/png', data: await uniquePng() },
    ]);
    return client.form('POST', '/api/ops/asset/version/new', form);
  }

  const asset = await upload(pub, 'shared.png');
  const privAsset = await upload(priv, 'secret.png');
  const versioned = await upload(pub, 'versioned.png');
  const v2 = await newVersion(admin, versioned);
  if (v2.statusCode !== 201) throw new Error(`version: ${v2.statusCode} ${v2.body}`);

  /** The headers of a tus creation request into a folder of brand A. */
  const tusHeaders = (folderId: number) => {
    const meta = { filename: 'tus.png', brand_id: String(A.id), folder_id: String(folderId) };
    const encoded = Object.entries(meta).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`);
    return { 'tus-resumable': '1.0.0', 'upload-length': '64', 'upload-metadata': encoded.join(',') };
  };
  // An upload started by the admin: only its owner may look at it.
  const started = await admin.req('POST', '/api/uploads', undefined, { headers: tusHeaders(pub) });
  if (started.statusCode !== 201) throw new Error(`tus: ${started.statusCode} ${started.body}`);
  const adminUpload = new URL(String(started.headers.location), 'http://app.test').pathname;

  const memberA = await targetOf(SPECS.member);
  const memberB = await targetOf(SPECS.otherBrand);

  /** The admin's collection holding `asset`, shared with anyone: `shared` open, `locked` with a password. */
  const sharedCol = await admin.post('/api/ops/collection/new', { name: 'Matrix shared', asset_ids: [asset] });
  if (sharedCol.statusCode !== 201) throw new Error(`collection: ${sharedCol.statusCode} ${sharedCol.body}`);
  const sharedId = sharedCol.json().collection.id as number;
  const shareOf = async (body: Record<string, unknown>) => {
    const r = await admin.post(`/api/ops/collection/${sharedId}/share`, { audience: 'anyone', ...body });
    if (r.statusCode !== 201) throw new Error(`share: ${r.statusCode} ${r.body}`);
    const link = r.json().share_link as { id: number; link: string };
    return { collection: sharedId, id: link.id, token: link.link.split('/').at(-1)! };
  };
  const shared = await shareOf({});
  const locked = await shareOf({ password: 'share-pass-1' });

  return {
    /** The app's database, for objects no route makes yet (jobs with an owner). */
    db: t.built.handle.db,
    storage: t.built.storage,
    /** SYNC_ROOTS of the app: where a NAS sync source may point. */
    syncRoot: t.syncRoot,
    admin,
    clients,
    A,
    B,
    pub,
    priv,
    asset,
    privAsset,
    versioned,
    mediaUrl,
    adminUpload,
    memberA,
    memberB,
    /** The session of the user behind the `apiKey` principal. */
    keyOwner: keyOwner as Client | null,
    shared,
    locked,
    /** A fresh link of the admin's shared collection (to change or revoke). */
    freshLink: () => shareOf({}),
    /** A link of brand A's member's own collection: what a brand's managers may administer. */
    async memberLink() {
      const member = clients.member;
      const c = await member.post('/api/ops/collection/new', { name: `Member shared ${next()}`, asset_ids: [asset] });
      if (c.statusCode !== 201) throw new Error(`collection: ${c.statusCode} ${c.body}`);
      const r = await member.post(`/api/ops/collection/${c.json().collection.id}/share`, { audience: 'anyone' });
      if (r.statusCode !== 201) throw new Error(`share: ${r.statusCode} ${r.body}`);
      return r.json().share_link as { id: number };
    },
    next,
    tusHeaders,
    freshFolder: () => makeFolder(admin, A.id, `Fresh ${next()}`, pub, 'PUBLIC'),
    freshAsset: () => upload(pub),
    /** A user just like the principal, signed in on a client of its own. */
    async clone(p: Principal) {
      if (p === 'anonymous') return { client: stranger(), id: memberA.id };
      const u = await userOf(SPECS[p]);
      return p === 'apiKey' ? { ...u, client: await keyed(u.client) } : u;
    },
    /** A second session of the principal itself (a new token; for `apiKey`, a new key). */
    async session(p: Principal) {
      if (p === 'anonymous') return stranger();
      if (p === 'apiKey') return keyed(keyOwner!);
      const c = t.client();
      await c.login(emails[p], p === 'admin' ? ADMIN.password : PASSWORD);
      return c;
    },
    /** A target user of brand A (or B), with `over` (roles, status) on top. */
    freshUser: (brand: 'A' | 'B' = 'A', over: Record<string, unknown> = {}) =>
      targetOf({ ...SPECS.member, brands: [brand] }, over),
    /** A brand whose status may be changed, with the brand-A principals assigned to it. */
    async freshBrand() {
      const b = await makeBrand(admin, `Matrix S${next()}`);
      const ids = await t.built.handle.db
        .selectFrom('user_brands')
        .select('user_id')
        .where('brand_id', '=', A.id)
        .execute();
      if (ids.length) {
        const rows = ids.map((r) => ({ user_id: r.user_id, brand_id: b.id }));
        await t.built.handle.db.insertInto('user_brands').values(rows).execute();
      }
      return b.id;
    },
    /** A registration's e-mail verification link, as the body the verify call takes. */
    async verifyBody() {
      const email = `verify${next()}-${Date.now()}@example.com`;
      const body = { first_name: 'V', last_name: 'V', email, password: PASSWORD, password_confirmation: PASSWORD };
      const r = await stranger().post('/api/auth/register', body);
      if (r.statusCode !== 201) throw new Error(`register: ${r.statusCode} ${r.body}`);
      const link = new URL(t.mails(email).at(-1)!.links[0]!);
      return Object.fromEntries(link.searchParams);
    },
    /** A password reset token mailed to a fresh user, as the body the reset call takes. */
    async resetBody() {
      const u = await targetOf(SPECS.member);
      const r = await stranger().post('/api/auth/forgot-password', { email: u.email });
      if (r.statusCode !== 200) throw new Error(`forgot: ${r.statusCode} ${r.body}`);
      const token = new URL(t.mails(u.email).at(-1)!.links[0]!).searchParams.get('token')!;
      return { token, email: u.email, password: 'new-password-9', password_confirmation: 'new-password-9' };
    },
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;
