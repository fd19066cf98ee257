import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX } from '@brandvault/contract';
import { subscriptions } from '../../events/subscriptions.js';
import type { Subscription } from '../../events/subscribe.js';
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

type User = { client: Client; id: number; email: string };
let t: TestApp;
let admin: Client;
let anon: Client;
let adminId: number;
let brandA: { id: number; root: number };
let brandB: { id: number; root: number };
const ids: Record<string, number> = {};
let member: User;
let member2: User;
let guest: User;
let manager: User;
let otherBrand: User;
let inactiveId: number;

// A job no worker runs, subscribed to the event for this file only: it stays queued to be read.
const SPY = 'test.comment_created';
const spy = { event: 'comment.created', job: SPY, payload: (e: unknown) => e } as unknown as Subscription;

const base = (asset: string) => `/api/ops/asset/${ids[asset]}/comment`;
const add = (c: Client, asset: string, body: Record<string, unknown>) => c.post(`${base(asset)}/add`, body);
async function made(c: Client, asset: string, body: Record<string, unknown>) {
  const r = await add(c, asset, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().comment as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const list = (c: Client, asset: string, query = '') => c.get(`${base(asset)}/list${query}`);
const people = (u: { id: number }, name = 'Someone') => `@[${name}](${u.id})`;
const rows = (table: 'comments' | 'comment_people') => t.built.handle.db.selectFrom(table).selectAll().execute();
const entries = async (event: string) =>
  (await admin.get(`/api/ops/audit/all?event=${event}&per_page=100`)).json().items as {
    user: { id: number } | null;
    target: { type: string; id: number; label: string } | null;
    changes: Record<string, { before: unknown; after: unknown }> | null;
    info: Record<string, unknown> | null;
  }[];

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  anon = t.client();
  adminId = (await admin.get('/api/auth/me')).json().session_user.id;
  brandA = await makeBrand(admin, 'Comments A');
  brandB = await makeBrand(admin, 'Comments B');
  const pub = await makeFolder(admin, brandA.id, 'Reviewed');
  const priv = await makeFolder(admin, brandA.id, 'Secret', undefined, 'PRIVATE');
  const assets: [string, number, Record<string, unknown>][] = [
    ['image', pub, {}],
    ['image2', pub, {}],
    ['versions', pub, { current_version: 3 }],
    ['private', priv, {}],
    ['video', pub, { type: 'video', mime: 'video/mp4', ext: 'mp4', duration_seconds: 60 }],
    ['audio', pub, { type: 'audio', mime: 'audio/mpeg', ext: 'mp3', duration_seconds: null }],
    ['pdf', pub, { type: 'document', mime: 'application/pdf', ext: 'pdf' }],
    ['doc', pub, { type: 'document', mime: 'application/msword', ext: 'doc' }],
    ['removed', pub, { status: 'INACTIVE' }],
  ];
  await insertAssets(
    t.built.handle.db,
    assets.map(([k, folder, over]) => assetRow(brandA.id, folder, `cm-${k}`, over)),
  );
  for (const [k] of assets)
    ids[k] = (
      await t.built.handle.db
        .selectFrom('assets')
        .select('id')
        .where('name', '=', `cm-${k}.jpg`)
        .executeTakeFirstOrThrow()
    ).id;
  member = await makeUser(t, admin, {
    first_name: 'Mara',
    last_name: 'Member',
    roles: ['member'],
    brands: [brandA.id],
  });
  member2 = await makeUser(t, admin, {
    first_name: 'Milo',
    last_name: 'Second',
    roles: ['member'],
    brands: [brandA.id],
  });
  guest = await makeUser(t, admin, { first_name: 'Gus', last_name: 'Guest', roles: ['guest'], brands: [brandA.id] });
  manager = await makeUser(t, admin, {
    first_name: 'Mia',
    last_name: 'Manager',
    roles: ['manager'],
    brands: [brandA.id],
  });
  otherBrand = await makeUser(t, admin, {
    first_name: 'Otto',
    last_name: 'Other',
    roles: ['manager'],
    brands: [brandB.id],
  });
  inactiveId = (
    await makeUser(t, admin, {
      first_name: 'Ina',
      last_name: 'Inactive',
      roles: ['member'],
      brands: [brandA.id],
      status: 'INACTIVE',
    })
  ).id;
  (subscriptions as Subscription[]).push(spy);
});
afterAll(async () => {
  const i = subscriptions.indexOf(spy);
  if (i >= 0) (subscriptions as Subscription[]).splice(i, 1);
  await t?.close();
});

describe('comments', () => {
  it('writes and reads by role: whoever sees the asset reads; comment.create writes', async () => {
    const c = await made(member.client, 'image', { body: '  Logo too small <b>here</b>  ' });
    expect(c).toMatchObject({
      asset_id: ids.image,
      parent_id: null,
      version: 1,
      author: { id: member.id, name: 'Mara Member' },
      body: 'Logo too small <b>here</b>',
      mentions: [],
      notify_users: [],
      annotation: null,
      resolved_at: null,
      edited_at: null,
      abilities: { edit: true, remove: true, resolve: true, reply: true },
    });
    // Guests review too.
    const g = await made(guest.client, 'image', { body: 'Agreed' });
    expect(g.author).toEqual({ id: guest.id, name: 'Gus Guest' });

    const seen = await list(guest.client, 'image');
    expect(seen.statusCode).toBe(200);
    const l = seen.json();
    expect(l).toMatchObject({ total: 2, page: 1, per_page: 50, open_threads: 2, can_comment: true });
    expect(l.items.map((x: { id: number }) => x.id)).toEqual([c.id, g.id]);
    expect(l.items[0].abilities).toEqual({ edit: false, remove: false, resolve: true, reply: true });
    expect(l.items[1].abilities).toEqual({ edit: true, remove: true, resolve: true, reply: true });
    expect(l.items[0].replies).toEqual([]);
    // The brand's manager may delete anyone's; the administrator too.
    expect((await list(manager.client, 'image')).json().items[0].abilities).toMatchObject({
      edit: false,
      remove: true,
    });
    expect((await list(admin, 'image')).json().items[0].abilities).toMatchObject({ edit: false, remove: true });

    // Another brand's user, and anyone signed out, reach nothing.
    expect((await list(otherBrand.client, 'image')).statusCode).toBe(404);
    expect((await add(otherBrand.client, 'image', { body: 'x' })).statusCode).toBe(404);
    expect((await list(anon, 'image')).statusCode).toBe(401);
    // Unknown asset, and an asset the caller cannot see (a guest and PRIVATE content): 404.
    expect((await admin.get('/api/ops/asset/999999/comment/list')).statusCode).toBe(404);
    expect((await list(guest.client, 'private')).statusCode).toBe(404);
    expect((await add(guest.client, 'private', { body: 'x' })).statusCode).toBe(404);
    expect((await list(member.client, 'private')).statusCode).toBe(200);

    // Paging over threads, oldest first.
    const p2 = (await list(member.client, 'image', '?per_page=1&page=2')).json();
    expect(p2).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(p2.items.map((x: { id: number }) => x.id)).toEqual([g.id]);
  });

  it('a removed asset is read by those who may restore it, and written on by nobody', async () => {
    expect((await list(member.client, 'removed')).statusCode).toBe(404);
    const l = await list(manager.client, 'removed');
    expect(l.statusCode).toBe(200);
    expect(l.json().can_comment).toBe(false);
    expect((await add(manager.client, 'removed', { body: 'x' })).statusCode).toBe(403);
  });

  it('threads are one level deep: a reply to a reply answers its thread', async () => {
    const top = await made(member.client, 'image2', { body: 'Top' });
    const r1 = await made(guest.client, 'image2', { body: 'First reply', parent_id: top.id });
    expect(r1.parent_id).toBe(top.id);
    expect(r1.abilities.resolve).toBe(false);
    const r2 = await made(member2.client, 'image2', { body: 'Reply to the reply', parent_id: r1.id });
    expect(r2.parent_id).toBe(top.id);
    const l = (await list(member.client, 'image2')).json();
    expect(l.total).toBe(1);
    expect(l.items[0].replies.map((x: { id: number; body: string }) => [x.id, x.body])).toEqual([
      [r1.id, 'First reply'],
      [r2.id, 'Reply to the reply'],
    ]);
    // Unknown parent, or a comment of another asset.
    const unknown = await add(member.client, 'image2', { body: 'x', parent_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields).toEqual({ parent_id: 'Parent folder is invalid' });
    const elsewhere = await made(member.client, 'image', { body: 'Elsewhere' });
    expect((await add(member.client, 'image2', { body: 'x', parent_id: elsewhere.id })).statusCode).toBe(422);
  });

  it('resolves and reopens threads (idempotent), counting the open ones', async () => {
    const a = await made(member.client, 'pdf', { body: 'One' });
    const b = await made(member.client, 'pdf', { body: 'Two' });
    const reply = await made(guest.client, 'pdf', { body: 'Reply', parent_id: a.id });
    expect((await list(member.client, 'pdf')).json().open_threads).toBe(2);

    const r = await guest.client.post(`${base('pdf')}/${a.id}/resolve`);
    expect(r.statusCode).toBe(200);
    expect(r.json().comment).toMatchObject({ id: a.id, resolved_by: { id: guest.id, name: 'Gus Guest' } });
    expect(r.json().comment.resolved_at).toEqual(expect.any(String));
    const again = await member.client.post(`${base('pdf')}/${a.id}/resolve`);
    expect(again.statusCode).toBe(200);
    expect(again.json().comment.resolved_by.id).toBe(guest.id);
    expect((await list(member.client, 'pdf')).json().open_threads).toBe(1);

    // Only threads resolve.
    const onReply = await member.client.post(`${base('pdf')}/${reply.id}/resolve`);
    expect(onReply.statusCode).toBe(422);
    expect(onReply.json().error.fields).toEqual({ comment: 'Comment is invalid' });
    expect((await member.client.post(`${base('pdf')}/${reply.id}/reopen`)).statusCode).toBe(422);
    // Another brand's user does not reach it; a comment of another asset is not found here.
    expect((await otherBrand.client.post(`${base('pdf')}/${b.id}/resolve`)).statusCode).toBe(404);
    expect((await member.client.post(`${base('image')}/${b.id}/resolve`)).statusCode).toBe(404);

    const reopened = await member.client.post(`${base('pdf')}/${a.id}/reopen`);
    expect(reopened.json().comment).toMatchObject({ resolved_at: null, resolved_by: null });
    expect((await member.client.post(`${base('pdf')}/${a.id}/reopen`)).statusCode).toBe(200);
    expect((await list(member.client, 'pdf')).json().open_threads).toBe(2);

    // One entry per change, none for the idempotent repeats.
    expect((await entries('comment.resolve')).filter((e) => e.target?.id === a.id)).toHaveLength(1);
    const reopenEntries = (await entries('comment.reopen')).filter((e) => e.target?.id === a.id);
    expect(reopenEntries).toHaveLength(1);
    expect(reopenEntries[0]).toMatchObject({
      user: { id: member.id },
      target: { type: 'comment', id: a.id, label: 'cm-pdf.jpg' },
      info: { asset_id: ids.pdf },
    });
  });

  it('authors edit their own comments only; edits re-read mentions', async () => {
    const c = await made(member.client, 'image', { body: `Ask ${people(member2, 'Milo')}` });
    expect(c.mentions).toEqual([{ id: member2.id, name: 'Milo Second' }]);
    const other = await manager.client.patch(`${base('image')}/${c.id}/edit`, { body: 'Hijacked' });
    expect(other.statusCode).toBe(403);
    expect((await admin.patch(`${base('image')}/${c.id}/edit`, { body: 'Hijacked' })).statusCode).toBe(403);
    expect((await otherBrand.client.patch(`${base('image')}/${c.id}/edit`, { body: 'x' })).statusCode).toBe(404);

    const r = await member.client.patch(`${base('image')}/${c.id}/edit`, {
      body: ` Ask ${people(guest, 'Gus')} instead `,
    });
    expect(r.statusCode).toBe(200);
    const e = r.json().comment;
    expect(e.body).toBe(`Ask ${people(guest, 'Gus')} instead`);
    expect(e.edited_at).toEqual(expect.any(String));
    expect(e.mentions).toEqual([{ id: guest.id, name: 'Gus Guest' }]);
    const stored = (await rows('comment_people')).filter((p) => p.comment_id === c.id);
    expect(stored).toEqual([{ comment_id: c.id, user_id: guest.id, kind: 'mention' }]);

    // A new mention of someone who cannot see the asset: refused, nothing changes.
    const bad = await member.client.patch(`${base('image')}/${c.id}/edit`, { body: `Ask ${people(otherBrand)}` });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ body: 'Text names someone who cannot see this asset' });
    expect((await rows('comments')).find((x) => x.id === c.id)!.body).toBe(e.body);

    const entry = (await entries('comment.update')).find((x) => x.target?.id === c.id);
    expect(entry).toMatchObject({
      user: { id: member.id },
      changes: { body: { before: c.body, after: e.body } },
      info: { asset_id: ids.image },
    });
  });

  it('deletes: authors, administrators and the brand managers; a thread takes its replies', async () => {
    const byMember = await made(member.client, 'audio', { body: 'Mine' });
    expect((await member2.client.req('DELETE', `${base('audio')}/${byMember.id}/delete`)).statusCode).toBe(403);
    expect((await guest.client.req('DELETE', `${base('audio')}/${byMember.id}/delete`)).statusCode).toBe(403);
    expect((await otherBrand.client.req('DELETE', `${base('audio')}/${byMember.id}/delete`)).statusCode).toBe(404);
    const own = await member.client.req('DELETE', `${base('audio')}/${byMember.id}/delete`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ deleted: true });
    expect((await member.client.req('DELETE', `${base('audio')}/${byMember.id}/delete`)).statusCode).toBe(404);

    const thread = await made(guest.client, 'audio', { body: 'Thread' });
    await made(member.client, 'audio', { body: 'R1', parent_id: thread.id });
    await made(member2.client, 'audio', { body: 'R2', parent_id: thread.id });
    expect((await manager.client.req('DELETE', `${base('audio')}/${thread.id}/delete`)).statusCode).toBe(200);
    expect((await rows('comments')).filter((x) => x.asset_id === ids.audio)).toEqual([]);
    const entry = (await entries('comment.delete')).find((x) => x.target?.id === thread.id);
    expect(entry).toMatchObject({ user: { id: manager.id }, info: { asset_id: ids.audio, replies: 2 } });

    const byGuest = await made(guest.client, 'audio', { body: 'Guest note' });
    expect((await admin.req('DELETE', `${base('audio')}/${byGuest.id}/delete`)).statusCode).toBe(200);
  });

  it('mentions and people to notify must see the asset; nothing is written otherwise', async () => {
    const before = (await rows('comments')).length;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ body: `Hi ${people(otherBrand)}` }, { body: 'Text names someone who cannot see this asset' }],
      [{ body: `Hi ${people({ id: inactiveId })}` }, { body: 'Text names someone who cannot see this asset' }],
      [{ body: `Hi ${people({ id: 999999 })}` }, { body: 'Text names someone who cannot see this asset' }],
      [
        { body: 'Hi', notify_user_ids: [member2.id, otherBrand.id] },
        { notify_user_ids: 'People to notify names someone who cannot see this asset' },
      ],
    ];
    for (const [body, fields] of cases) {
      const r = await add(member.client, 'image', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().error.fields).toEqual(fields);
    }
    // PRIVATE content: a guest of the brand does not see it, a member does.
    const priv = await add(member.client, 'private', { body: `Hi ${people(guest)}` });
    expect(priv.statusCode).toBe(422);
    expect((await add(member.client, 'private', { body: 'x', notify_user_ids: [guest.id] })).statusCode).toBe(422);
    expect((await rows('comments')).length).toBe(before);
    expect((await rows('comment_people')).filter((p) => p.user_id === otherBrand.id)).toEqual([]);

    const tooMany = Array.from({ length: 51 }, (_, i) => `@[P${i}](${100000 + i})`).join(' ');
    const many = await add(member.client, 'image', { body: tooMany });
    expect(many.statusCode).toBe(422);
    expect(many.json().error.fields).toEqual({ body: 'Text may mention at most 50 people' });

    // Administrators (no brand) and members see it; names come from the users, not the text.
    const ok = await made(member.client, 'private', {
      body: `Look ${people(member2, 'Whoever')} and ${people({ id: adminId }, 'Boss')}, ${people(member2)} again`,
      notify_user_ids: [manager.id, manager.id],
    });
    expect(ok.mentions.map((p: { id: number }) => p.id)).toEqual([member2.id, adminId]);
    expect(ok.mentions[0]).toEqual({ id: member2.id, name: 'Milo Second' });
    expect(ok.notify_users).toEqual([{ id: manager.id, name: 'Mia Manager' }]);
    const listed = (await list(member2.client, 'private')).json().items.find((x: { id: number }) => x.id === ok.id);
    expect(listed.mentions).toEqual(ok.mentions);
    expect(listed.notify_users).toEqual(ok.notify_users);

    // In the writer's language.
    const spanish = await makeUser(t, admin, { roles: ['member'], brands: [brandA.id], lang: 'es' });
    const es = await add(spanish.client, 'image', { body: `Hola ${people(otherBrand)}` });
    expect(es.json().error.fields).toEqual({ body: 'Texto nombra a alguien que no puede ver este recurso' });
  });

  it('mentionable: active people who see the asset, by name with their avatar, never an address', async () => {
    const r = await member.client.get(`${base('image')}/mentionable`);
    expect(r.statusCode).toBe(200);
    // A member may not read people's e-mail addresses (user.view): none goes out.
    expect(r.body).not.toContain('@');
    const found = r.json().items as { id: number; name: string; photo_thumb_uri: string | null }[];
    const foundIds = found.map((u) => u.id);
    expect(foundIds).toEqual(expect.arrayContaining([member2.id, guest.id, manager.id, adminId]));
    expect(foundIds).not.toContain(member.id);
    expect(foundIds).not.toContain(otherBrand.id);
    expect(foundIds).not.toContain(inactiveId);
    expect(found.find((u) => u.id === guest.id)).toEqual({ id: guest.id, name: 'Gus Guest', photo_thumb_uri: null });

    const byName = (await member.client.get(`${base('image')}/mentionable?q=MILO`)).json().items;
    expect(byName.map((u: { id: number }) => u.id)).toEqual([member2.id]);
    // An address finds nobody: the answer would tell whose address it is.
    const byMail = (await member.client.get(`${base('image')}/mentionable?q=${guest.email.slice(0, 9)}`)).json();
    expect(byMail.items).toEqual([]);

    const priv = (await member.client.get(`${base('private')}/mentionable`))
      .json()
      .items.map((u: { id: number }) => u.id);
    expect(priv).not.toContain(guest.id);
    expect(priv).toContain(member2.id);
    expect((await guest.client.get(`${base('private')}/mentionable`)).statusCode).toBe(404);
    expect((await otherBrand.client.get(`${base('image')}/mentionable`)).statusCode).toBe(404);
  });

  it('annotations: in range, within the media, and of a kind the asset takes', async () => {
    const bad: [string, Record<string, unknown>][] = [
      ['image', { kind: 'point', x: 1.5, y: 0.2 }],
      ['image', { kind: 'rect', x: 0.8, y: 0.1, w: 0.5, h: 0.1 }],
      ['image', { kind: 'point', x: 0.5, y: 0.5, page: 2 }],
      ['image', { kind: 'time', t: 3 }],
      ['video', { kind: 'time', t: 61 }],
      ['video', { kind: 'point', x: 0.5, y: 0.5 }],
      ['audio', { kind: 'time', t: 3, rect: { x: 0, y: 0, w: 0.5, h: 0.5 } }],
      ['doc', { kind: 'point', x: 0.5, y: 0.5 }],
      ['pdf', { kind: 'time', t: 1 }],
    ];
    for (const [asset, annotation] of bad) {
      const r = await add(member.client, asset, { body: 'Here', annotation });
      expect(r.statusCode, `${asset} ${JSON.stringify(annotation)}`).toBe(422);
      expect(Object.keys(r.json().error.fields)[0]).toMatch(/^annotation/);
    }
    const good: [string, Record<string, unknown>][] = [
      ['image', { kind: 'rect', x: 0.1, y: 0.2, w: 0.3, h: 0.4 }],
      ['pdf', { kind: 'point', x: 0.5, y: 0.5, page: 3 }],
      ['video', { kind: 'time', t: 59.5, rect: { x: 0.1, y: 0.1, w: 0.2, h: 0.2 } }],
      // Duration unknown: any time code the contract takes.
      ['audio', { kind: 'time', t: 5000 }],
    ];
    for (const [asset, annotation] of good) {
      const c = await made(member.client, asset, { body: 'Here', annotation });
      expect(c.annotation).toEqual(annotation);
      const listed = (await list(member.client, asset)).json().items.find((x: { id: number }) => x.id === c.id);
      expect(listed.annotation).toEqual(annotation);
    }
  });

  it('versions: the current one by default, never past it', async () => {
    expect((await made(member.client, 'versions', { body: 'Now' })).version).toBe(3);
    expect((await made(member.client, 'versions', { body: 'Then', version: 2 })).version).toBe(2);
    const r = await add(member.client, 'versions', { body: 'Later', version: 4 });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields).toEqual({ version: 'Version is invalid' });
    expect((await add(member.client, 'versions', { body: 'x', version: 0 })).statusCode).toBe(422);
  });

  it('refuses empty and too long bodies with field messages', async () => {
    for (const body of ['', '   \n ']) {
      const r = await add(member.client, 'image', { body });
      expect(r.statusCode).toBe(422);
      expect(r.json().error.fields).toEqual({ body: 'Text is a required field' });
    }
    const long = await add(member.client, 'image', { body: 'x'.repeat(COMMENT_MAX + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.fields).toEqual({ body: `Text must be at most ${COMMENT_MAX} characters` });
    expect((await add(member.client, 'image', { body: 'x'.repeat(COMMENT_MAX) })).statusCode).toBe(201);
    const c = await made(member.client, 'image', { body: 'fine' });
    const edit = await member.client.patch(`${base('image')}/${c.id}/edit`, { body: ' ' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error.fields).toEqual({ body: 'Text is a required field' });
  });

  it('records the creation and emits comment.created in the same transaction', async () => {
    const top = await made(member.client, 'image2', { body: 'Audit me', notify_user_ids: [guest.id] });
    const reply = await made(guest.client, 'image2', {
      body: `Sure ${people(member)}`,
      parent_id: top.id,
      annotation: { kind: 'point', x: 0.25, y: 0.75 },
    });
    const entry = (await entries('comment.create')).find((e) => e.target?.id === reply.id);
    expect(entry).toMatchObject({
      user: { id: guest.id },
      target: { type: 'comment', id: reply.id, label: 'cm-image2.jpg' },
      info: {
        asset_id: ids.image2,
        parent_id: top.id,
        version: 1,
        annotation: { kind: 'point', x: 0.25, y: 0.75 },
        mention_ids: [member.id],
        notify_user_ids: [],
      },
    });
    const jobs = await t.built.handle.db.selectFrom('jobs').select(['payload']).where('name', '=', SPY).execute();
    const payloads = jobs.map((j) => JSON.parse(j.payload));
    expect(payloads).toContainEqual({ commentId: top.id, assetId: ids.image2, actorId: member.id });
    expect(payloads).toContainEqual({ commentId: reply.id, assetId: ids.image2, actorId: guest.id });
    // A refused comment leaves neither a job nor an entry.
    const count = payloads.length;
    expect((await add(member.client, 'image2', { body: 'x', version: 9 })).statusCode).toBe(422);
    expect(await t.built.handle.db.selectFrom('jobs').select('id').where('name', '=', SPY).execute()).toHaveLength(
      count,
    );
  });
});
