import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MAIL_WINDOW_MINUTES } from '@brandvault/contract';
import type { NotificationEvent, NotificationList } from '@brandvault/contract';
import { emit } from '../../events/emit.js';
import { enqueueAny } from '../../jobs/queue.js';
import { iso } from '../../lib/clock.js';
import { jobUnits } from '../../jobUnits.js';
import { fanOutComment } from './notifications.fanout.js';
import {
  adminClient,
  insertAssets,
  assetRow,
  makeBrand,
  makeFolder,
  makeUser,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let A: { id: number; root: number };
let pub: number;
let priv: number;
type U = Awaited<ReturnType<typeof makeUser>>;
let author: U, mia: U, noe: U, uploader: U, replier: U, guest: U, outsider: U, inactive: U;

const db = () => t.built.handle.db;

/** Waits until no job of `name` is due (by the app's clock) or running, waking the app's worker. */
async function drain(name: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = iso(t.clock.now());
    const pending = await db()
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', name)
      .where((eb) =>
        eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)])]),
      )
      .executeTakeFirst();
    if (!pending) return;
    if (Date.now() > deadline) throw new Error(`job ${name} ${pending.id} still pending`);
    t.built.worker!.wake();
    await new Promise((r) => setTimeout(r, 5));
  }
}

let assetSeq = 0;
async function asset(folderId: number, over: Record<string, unknown> = {}) {
  assetSeq += 1;
  const key = `notif${assetSeq}${Math.random().toString(36).slice(2, 8)}`;
  await insertAssets(db(), [assetRow(A.id, folderId, key, { created_by: uploader.id, ...over })]);
  return (await db().selectFrom('assets').select('id').where('blob_key', '=', `test/${key}`).executeTakeFirstOrThrow())
    .id;
}

const mention = (u: U, name: string) => `@[${name}](${u.id})`;

/** Writes a comment as the comments module does (the row, its people, the event), then fans out. */
async function comment(
  assetId: number,
  by: U,
  body: string,
  o: { parent?: number; mentions?: U[]; notify?: U[]; fanOut?: boolean; event?: boolean } = {},
) {
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('comments')
        .values({
          asset_id: assetId,
          parent_id: o.parent ?? null,
          user_id: by.id,
          version: 1,
          body,
          annotation: null,
          resolved_at: null,
          resolved_by: null,
          created_at: iso(t.clock.now()),
          edited_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const people = [
        ...(o.mentions ?? []).map((u) => ({ comment_id: row.id, user_id: u.id, kind: 'mention' })),
        ...(o.notify ?? []).map((u) => ({ comment_id: row.id, user_id: u.id, kind: 'notify' })),
      ];
      if (people.length) await trx.insertInto('comment_people').values(people).execute();
      if (o.event !== false)
        await emit(trx, 'comment.created', { commentId: row.id, assetId, actorId: by.id }, { clock: t.clock });
      return row.id;
    });
  if (o.fanOut !== false) await drain('notifications.fanout');
  return id;
}

/** Who was told of a comment, and how: { userId: kind }. */
async function toldOf(commentId: number) {
  const rows = await db()
    .selectFrom('notifications')
    .select(['user_id', 'kind'])
    .where('comment_id', '=', commentId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.user_id, r.kind]));
}

const list = async (u: U, q = '') => (await u.client.get(`/api/ops/notification/list${q}`)).json<NotificationList>();

beforeAll(async () => {
  t = await startApp({ NOTIFICATION_STREAM_SECONDS: '60' });
  admin = await adminClient(t);
  A = await makeBrand(admin, 'Notify A');
  const B = await makeBrand(admin, 'Notify B');
  pub = await makeFolder(admin, A.id, 'Open', A.root, 'PUBLIC');
  priv = await makeFolder(admin, A.id, 'Secret', A.root, 'PRIVATE');
  const memberOf = (brand: number, first: string, over: Record<string, unknown> = {}) =>
    makeUser(t, admin, { first_name: first, last_name: 'Test', brands: [brand], ...over });
  author = await memberOf(A.id, 'Ana');
  mia = await memberOf(A.id, 'Mia');
  noe = await memberOf(A.id, 'Noe');
  uploader = await memberOf(A.id, 'Ulises', { lang: 'es' });
  replier = await memberOf(A.id, 'Rita');
  guest = await memberOf(A.id, 'Gus', { roles: ['guest'] });
  outsider = await memberOf(B.id, 'Otto');
  inactive = await memberOf(A.id, 'Ina', { status: 'INACTIVE' });
}, 60_000);
afterAll(() => t?.close());

describe('fan-out of a comment', () => {
  it('tells the mentioned, the users to notify and the uploader, once each, never the author', async () => {
    const a = await asset(pub);
    const c = await comment(a, author, `Look ${mention(mia, 'Mia Test')} and ${mention(author, 'Ana Test')}`, {
      mentions: [mia, author],
      notify: [noe, mia],
    });
    expect(await toldOf(c)).toEqual({ [mia.id]: 'mention', [noe.id]: 'notify', [uploader.id]: 'upload_comment' });
  });

  it("tells the thread's earlier authors of a reply, and not those who came later", async () => {
    const a = await asset(pub);
    const top = await comment(a, author, 'First');
    const r1 = await comment(a, replier, 'A reply', { parent: top });
    expect(await toldOf(r1)).toEqual({ [author.id]: 'reply', [uploader.id]: 'upload_comment' });
    const r2 = await comment(a, author, 'Another reply', { parent: top, mentions: [replier] });
    // A mention outranks the reply: one notification, the mention.
    expect(await toldOf(r2)).toEqual({ [replier.id]: 'mention', [uploader.id]: 'upload_comment' });
    const r3 = await comment(a, uploader, 'Me too', { parent: top });
    expect(await toldOf(r3)).toEqual({ [author.id]: 'reply', [replier.id]: 'reply' });
  });

  it('tells nobody who cannot see the asset: PRIVATE for guests, other brands, inactive accounts', async () => {
    const secret = await asset(priv);
    const c = await comment(secret, author, 'Psst', { mentions: [guest, outsider, inactive, mia] });
    expect(await toldOf(c)).toEqual({ [mia.id]: 'mention', [uploader.id]: 'upload_comment' });
    const open = await asset(pub);
    const d = await comment(open, author, 'Hello', { mentions: [guest, outsider, inactive] });
    expect(await toldOf(d)).toEqual({ [guest.id]: 'mention', [uploader.id]: 'upload_comment' });
  });

  it('is idempotent: running the job again tells nobody twice', async () => {
    const a = await asset(pub);
    const c = await comment(a, author, 'Once', { mentions: [mia] });
    await enqueueAny(db(), 'notifications.fanout', { kind: 'comment', commentId: c }, { clock: t.clock });
    await drain('notifications.fanout');
    const rows = await db().selectFrom('notifications').select('id').where('comment_id', '=', c).execute();
    expect(rows).toHaveLength(2);
  });
});

describe('the list, the count and read marks', () => {
  it('lists newest first with names, the asset and a text excerpt; counts and marks read', async () => {
    const a = await asset(pub, { name: 'poster.jpg' });
    await mia.client.post('/api/ops/notification/read/all');
    const long = `Hi ${mention(mia, 'Mia Test')}, ${'x'.repeat(200)}`;
    const c1 = await comment(a, author, long, { mentions: [mia] });
    const c2 = await comment(a, author, `Again ${mention(mia, 'Mia Test')}`, { mentions: [mia] });
    const l = await list(mia);
    expect(l.unread).toBe(2);
    expect(l.items.slice(0, 2).map((n) => n.comment_id)).toEqual([c2, c1]);
    const [second, first] = l.items;
    expect(second).toMatchObject({
      kind: 'mention',
      actor: { id: author.id, name: 'Ana Test' },
      asset: { id: a, name: 'poster.jpg', brand_id: A.id },
      excerpt: 'Again @Mia Test',
      collection_name: null,
      path: null,
      read_at: null,
    });
    expect(first!.excerpt).toHaveLength(140);
    expect(first!.excerpt!.startsWith('Hi @Mia Test, xxx')).toBe(true);

    const paged = await list(mia, '?per_page=1&page=2');
    expect(paged.items.map((n) => n.id)).toEqual([first!.id]);
    expect(paged.per_page).toBe(1);

    // Someone else's notification is not there for them.
    expect((await noe.client.post(`/api/ops/notification/${second!.id}/read`)).statusCode).toBe(404);
    expect((await mia.client.post(`/api/ops/notification/${second!.id}/read`)).json()).toEqual({ unread: 1 });
    expect((await mia.client.get('/api/ops/notification/unread')).json()).toEqual({ unread: 1 });
    const unread = await list(mia, '?unread=true');
    expect(unread.items.map((n) => n.id)).toEqual([first!.id]);
    expect(unread.total).toBe(1);
    expect((await mia.client.post('/api/ops/notification/read/all')).json()).toEqual({ unread: 0 });
    expect((await list(mia)).items[0]!.read_at).not.toBeNull();
  });

  it('shows no asset nor text once the recipient no longer sees the asset', async () => {
    const a = await asset(pub);
    const c = await comment(a, author, 'Secret plans', { mentions: [guest] });
    await db().updateTable('assets').set({ visibility: 'PRIVATE' }).where('id', '=', a).execute();
    const item = (await list(guest)).items.find((n) => n.comment_id === c)!;
    expect(item).toMatchObject({ kind: 'mention', asset: null, excerpt: null, actor: { id: author.id } });
  });

  it('tells the people a collection is shared with, with its name and the path that opens it', async () => {
    const col = await author.client.post('/api/ops/collection/new', { name: 'Campaign picks' });
    const colId = col.json().collection.id as number;
    const r = await author.client.post(`/api/ops/collection/${colId}/share`, {
      audience: 'users',
      user_ids: [mia.id, noe.id],
      message: 'For Monday',
    });
    expect(r.statusCode).toBe(201);
    await drain('notifications.fanout');
    const item = (await list(noe)).items[0]!;
    expect(item).toMatchObject({
      kind: 'share',
      actor: { id: author.id, name: 'Ana Test' },
      asset: null,
      collection_name: 'Campaign picks',
      excerpt: 'For Monday',
    });
    expect(item.path).toMatch(new RegExp(`^/collections/shared/${colId}/using/[A-Za-z0-9_-]{20,}$`));
    const shared = (await noe.client.get('/api/ops/collection/shared/list')).json().items[0];
    expect(item.path).toBe(shared.path);
  });
});

describe('mail', () => {
  /** Runs the batched-mail job as the worker would, then waits for the messages it queued. */
  async function mailRun() {
    await enqueueAny(db(), 'notifications.mail', {}, { clock: t.clock });
    await drain('notifications.mail');
    await t.mailSettled();
  }
  const pass = (minutes: number) => t.clock.advance(minutes * 60_000);

  it('sends one mail per asset for what happened within the window, in the recipient language', async () => {
    const a = await asset(pub, { name: 'logo.png' });
    await comment(a, author, `First ${mention(mia, 'Mia Test')}`, { mentions: [mia] });
    pass(4);
    await comment(a, replier, 'Second, from Rita');
    // The later one joins the earlier one's batch: the same due time.
    const due = await db()
      .selectFrom('notifications')
      .select('mail_after')
      .where('asset_id', '=', a)
      .where('user_id', '=', uploader.id)
      .execute();
    expect(due).toHaveLength(2);
    expect(due[1]!.mail_after).toBe(due[0]!.mail_after);
    await mailRun();
    expect(t.mails(uploader.email).filter((m) => m.subject.includes('logo.png'))).toEqual([]);
    pass(NOTIFICATION_MAIL_WINDOW_MINUTES - 3);
    await mailRun();
    const mails = t.mails(uploader.email).filter((m) => m.subject.includes('logo.png'));
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.subject).toBe('2 comentarios nuevos en «logo.png» — Brandvault');
    expect(m.text).toContain('Ana Test comentó un recurso que subiste: «First @Mia Test»');
    expect(m.text).toContain('Rita Test comentó un recurso que subiste: «Second, from Rita»');
    expect(m.links).toEqual([`http://app.test/brand/asset/${a}`]);
    // Mia's own mention went to her, in English, alone.
    expect(t.mails(mia.email).at(-1)!.subject).toBe('Ana Test mentioned you on "logo.png" — Brandvault');
    await mailRun();
    expect(t.mails(uploader.email).filter((m) => m.subject.includes('logo.png'))).toHaveLength(1);
  });

  it('never mails a notification that was read, nor one whose mail is turned off', async () => {
    const a = await asset(pub, { name: 'read.png' });
    const beforeMia = t.mails(mia.email).length;
    const beforeNoe = t.mails(noe.email).length;
    const c = await comment(a, author, 'Seen already', { mentions: [mia] });
    const own = (await list(mia)).items.find((n) => n.comment_id === c)!;
    await mia.client.post(`/api/ops/notification/${own.id}/read`);

    const off = { email: { mention: false, reply: true, upload_comment: true, share: true } };
    const put = await noe.client.put('/api/ops/notification/settings', off);
    expect(put.json()).toEqual(off);
    expect((await noe.client.get('/api/ops/notification/settings')).json()).toEqual(off);
    await comment(a, author, 'Not by mail', { notify: [noe] });
    expect((await list(noe)).items[0]).toMatchObject({ kind: 'notify', read_at: null });

    pass(NOTIFICATION_MAIL_WINDOW_MINUTES + 1);
    await mailRun();
    expect(t.mails(mia.email)).toHaveLength(beforeMia);
    expect(t.mails(noe.email)).toHaveLength(beforeNoe);

    const entry = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'details'])
      .where('event', '=', 'notification.settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.user_id).toBe(noe.id);
    expect(JSON.parse(entry.details).changes).toEqual({ mention: { before: true, after: false } });
  });

  it("sends a share's mail at once only to those who want share mail", async () => {
    await mia.client.put('/api/ops/notification/settings', {
      email: { mention: true, reply: true, upload_comment: true, share: false },
    });
    const col = await author.client.post('/api/ops/collection/new', { name: 'Quiet share' });
    const r = await author.client.post(`/api/ops/collection/${col.json().collection.id}/share`, {
      audience: 'users',
      user_ids: [mia.id, replier.id],
    });
    expect(r.statusCode).toBe(201);
    const subject = 'Ana Test shared "Quiet share" with you — Brandvault';
    expect(t.mails(replier.email).filter((m) => m.subject === subject)).toHaveLength(1);
    expect(t.mails(mia.email).filter((m) => m.subject === subject)).toEqual([]);
    await drain('notifications.fanout');
    expect((await list(mia)).items[0]).toMatchObject({ kind: 'share', collection_name: 'Quiet share' });
  });

  it('refuses settings that are not the four booleans', async () => {
    const r = await noe.client.put('/api/ops/notification/settings', { email: { mention: 'no' } });
    expect(r.statusCode).toBe(422);
  });
});

describe('the live stream', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** Opens the stream with fetch (as the web client does) and collects its notification events. */
  async function open(u: U, headers: Record<string, string> = {}) {
    const ctl = new AbortController();
    const res = await fetch(`${base}/api/ops/notification/stream`, {
      headers: { authorization: `Bearer ${u.client.token}`, ...headers },
      signal: ctl.signal,
    });
    const events: { id: number; data: NotificationEvent }[] = [];
    let text = '';
    const reading = (async () => {
      const reader = res.body!.getReader();
      const dec = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += dec.decode(value, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const frame = text.slice(0, end);
          text = text.slice(end + 2);
          const field = (name: string) =>
            frame
              .split('\n')
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          if (field('event') === 'notification')
            events.push({ id: Number(field('id')), data: JSON.parse(field('data')!) as NotificationEvent });
        }
      }
    })().catch(() => undefined);
    return {
      res,
      events,
      async waitFor(count: number, ms: number) {
        const deadline = Date.now() + ms;
        while (events.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
        return events.length >= count;
      },
      async close() {
        ctl.abort();
        await reading;
      },
    };
  }

  it('delivers a new notification within a second, then replays after Last-Event-ID', async () => {
    const a = await asset(pub);
    const s = await open(mia);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('cache-control')).toContain('no-cache');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');

    const started = Date.now();
    const c = await comment(a, author, `Live ${mention(mia, 'Mia Test')}`, { mentions: [mia], fanOut: false });
    t.built.worker!.wake();
    expect(await s.waitFor(1, 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    const first = s.events[0]!;
    expect(first.data.notification).toMatchObject({ kind: 'mention', comment_id: c, excerpt: 'Live @Mia Test' });
    expect(first.data.unread).toBe((await list(mia)).unread);
    expect(first.id).toBe(first.data.notification.id);

    await comment(a, author, `Two ${mention(mia, 'Mia Test')}`, { mentions: [mia], fanOut: false });
    await comment(a, author, `Three ${mention(mia, 'Mia Test')}`, { mentions: [mia], fanOut: false });
    t.built.worker!.wake();
    expect(await s.waitFor(3, 2000)).toBe(true);
    await s.close();

    // Reconnecting after the first: the two after it come again, in id order, and nothing else.
    // (Their fan-out jobs may run side by side, so which of the two got the lower id varies.)
    const again = await open(mia, { 'last-event-id': String(first.id) });
    expect(await again.waitFor(2, 1000)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(again.events.map((e) => e.data.notification.excerpt).sort()).toEqual(['Three @Mia Test', 'Two @Mia Test']);
    const ids = again.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids[0]).toBeGreaterThan(Number(first.id));
    await again.close();
  });

  it('lets go of a stream when its client goes away', async () => {
    const open = () => t.built.services.notifications.openStreams(guest.id);
    const req = http.get(`${base}/api/ops/notification/stream`, {
      headers: { authorization: `Bearer ${guest.client.token}` },
    });
    await new Promise((r) => req.on('response', (res) => res.once('data', r)));
    expect(open()).toBe(1);
    req.destroy();
    const deadline = Date.now() + 1000;
    while (open() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(open()).toBe(0);
  });

  it('delivers to every open stream of the user, and to nobody else', async () => {
    const a = await asset(pub);
    const [one, two, other] = await Promise.all([open(noe), open(noe), open(replier)]);
    await comment(a, author, 'Both tabs', { notify: [noe] });
    expect(await one.waitFor(1, 1000)).toBe(true);
    expect(await two.waitFor(1, 1000)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(other.events).toEqual([]);
    await Promise.all([one.close(), two.close(), other.close()]);
  });

  it('hears of notifications another process stored (the database poller), within a second', async () => {
    const a = await asset(pub);
    const s = await open(replier);
    // Written and fanned out here without telling this process's broker, as another process would.
    const c = await comment(a, author, 'Elsewhere', { mentions: [replier], event: false });
    const started = Date.now();
    const { tx } = jobUnits({ clock: t.clock, appKey: undefined })(db(), () => undefined);
    expect(await fanOutComment(tx, t.clock, c)).toHaveLength(2);
    expect(await s.waitFor(1, 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(s.events[0]!.data.notification.comment_id).toBe(c);
    await s.close();
  });

  it('answers 401 without a valid token', async () => {
    const r = await fetch(`${base}/api/ops/notification/stream`);
    expect(r.status).toBe(401);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    const bad = await fetch(`${base}/api/ops/notification/stream`, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
  });
});
