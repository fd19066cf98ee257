import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  adminClient,
  dialect,
  makeBrand,
  makeFolder,
  makeUser,
  multipart,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { chainHash } from './audit.chain.js';
import { makeRepos } from '../../repos.js';
import { verifyAuditChain } from './audit.verify.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Audit Brand');
});
afterAll(() => t.close());

type Entry = {
  seq: number;
  event: string;
  section: string;
  user: { id: number; email: string } | null;
  emulator: { id: number; email: string } | null;
  ip: string;
  user_agent: string | null;
  target: { type: string; id: number; label: string } | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  info: Record<string, unknown> | null;
};
async function entries(query: string): Promise<Entry[]> {
  const r = await admin.get(`/api/ops/audit/all?per_page=100&${query}`);
  expect(r.statusCode).toBe(200);
  return r.json().items;
}
const db = () => t.built.handle.db;

describe('audit log', () => {
  it('records sign-in success and failure with IP and user agent, never the password', async () => {
    const c = t.client();
    c.ip = '203.0.113.7';
    const ua = { 'user-agent': 'AuditTest/1.0' };
    const bad = await c.req(
      'POST',
      '/api/login',
      { email: ADMIN.email, password: 'not-the-password' },
      { headers: ua },
    );
    expect(bad.statusCode).toBe(422);
    const good = await c.req('POST', '/api/login', ADMIN, { headers: ua });
    expect(good.statusCode).toBe(200);
    const [ok] = await entries('event=auth.login&ip=203.0.113.7');
    expect(ok).toMatchObject({ section: 'auth', ip: '203.0.113.7', user_agent: 'AuditTest/1.0' });
    expect(ok!.user?.email).toBe(ADMIN.email);
    const [failed] = await entries('event=auth.login_failed&ip=203.0.113.7');
    expect(failed!.info).toEqual({ email: ADMIN.email, reason: 'wrong_credentials' });
    const raw = await db().selectFrom('audit_log').select('details').execute();
    expect(raw.some((r) => r.details.includes('not-the-password'))).toBe(false);
  });

  it('records a user edit with before and after, and roles apart', async () => {
    const u = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const r = await admin.patch(`/api/ops/users/${u.id}/edit`, { last_name: 'Renamed', roles: ['member'] });
    expect(r.statusCode).toBe(200);
    const edits = await entries(`event=user.update`);
    const edit = edits.find((e) => e.target?.id === u.id)!;
    expect(edit.section).toBe('users');
    expect(edit.user?.email).toBe(ADMIN.email);
    expect(edit.changes).toMatchObject({ last_name: { after: 'Renamed' } });
    const [grants] = (await entries(`event=user.grants`)).filter((e) => e.target?.id === u.id);
    expect(grants!.changes).toEqual({ roles: { before: ['guest'], after: ['member'] } });
  });

  it('records folder, asset and download events in their sections', async () => {
    const folderId = await makeFolder(admin, brand.id, 'Audited');
    const up = await admin.form(
      'POST',
      `/api/ops/asset/${brand.id}/${folderId}/new`,
      multipart({}, [{ field: 'files', name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello audit') }]),
    );
    expect(up.statusCode).toBe(201);
    const assetId = up.json().results[0].asset_id as number;
    expect((await admin.put(`/api/ops/asset/${assetId}/status/change`)).statusCode).toBe(200);
    const dl = await admin.get(`/api/ops/asset/${assetId}/download`);
    expect(dl.statusCode).toBe(200);
    const byEvent = async (event: string) => (await entries(`event=${event}`)).find((e) => e.target?.id === assetId);
    expect((await entries('event=folder.create')).some((e) => e.target?.id === folderId)).toBe(true);
    expect(await byEvent('asset.upload')).toMatchObject({ section: 'assets', target: { label: 'notes.txt' } });
    expect((await byEvent('asset.status'))?.changes).toEqual({ status: { before: 'ACTIVE', after: 'INACTIVE' } });
    expect(await byEvent('asset.download')).toMatchObject({ section: 'assets', info: { version: 1 } });
    expect((await entries('section=folders')).every((e) => e.section === 'folders')).toBe(true);
  });

  it('names both people while an admin emulates a user', async () => {
    const u = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    const adminId = (await admin.get('/api/auth/me')).json().session_user.id as number;
    const token = randomToken();
    await db()
      .insertInto('access_tokens')
      .values({
        user_id: u.id,
        token_hash: sha256(token),
        emulator_id: adminId,
        created_at: new Date().toISOString(),
        last_used_at: new Date().toISOString(),
      })
      .execute();
    const emulated = t.client();
    emulated.token = token;
    await makeFolder(emulated, brand.id, 'Made while emulating');
    const e = (await entries(`event=folder.create&user_id=${u.id}`)).find(
      (x) => x.target?.label === 'Made while emulating',
    )!;
    expect(e.user?.id).toBe(u.id);
    expect(e.emulator?.id).toBe(adminId);
  });

  it('records no success entry for a refused change', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const before = (await entries('section=users')).length;
    expect((await member.client.patch(`/api/ops/users/${member.id}/edit`, { last_name: 'X' })).statusCode).toBe(403);
    expect((await admin.patch(`/api/ops/users/${member.id}/edit`, { email: 'not-an-email' })).statusCode).toBe(422);
    expect((await entries('section=users')).length).toBe(before);
  });

  it('is for administrators only, and refuses malformed filters field by field', async () => {
    const member = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    expect((await member.client.get('/api/ops/audit/all')).statusCode).toBe(403);
    const bad = await admin.get('/api/ops/audit/all?event=nope&from=2026-13-01&user_id=abc');
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().error.fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual(['event', 'from', 'user_id']);
    const order = await admin.get('/api/ops/audit/all?from=2026-05-02&to=2026-05-01');
    expect(order.statusCode).toBe(422);
    expect(order.json().error.fields.to).toBe('To must be on or after the From date');
  });

  it('keeps one unforked chain under concurrent writers', async () => {
    await Promise.all(Array.from({ length: 24 }, (_, i) => makeFolder(admin, brand.id, `Parallel ${i}`)));
    const rows = await db().selectFrom('audit_log').select(['seq', 'prev_hash', 'hash']).orderBy('seq').execute();
    rows.forEach((r, i) => {
      expect(Number(r.seq)).toBe(i + 1);
      if (i > 0) expect(r.prev_hash).toBe(rows[i - 1]!.hash);
    });
    expect(await verifyAuditChain(makeRepos(db()))).toMatchObject({ ok: true, entries: rows.length });
  });

  it('refuses updates and deletes of entries', async () => {
    await expect(sql.raw(`update audit_log set ip = '1.1.1.1'`).execute(db())).rejects.toThrow(/audit entries/);
    await expect(sql.raw(`delete from audit_log`).execute(db())).rejects.toThrow(/audit entries/);
  });
});

describe('audit verify', () => {
  /** A fresh app with a short chain (sign-in, brand, six folders), and raw SQL past the triggers. */
  async function chain() {
    const app = await startApp();
    const a = await adminClient(app);
    const b = await makeBrand(a, 'Chain Brand');
    for (let i = 0; i < 6; i++) await makeFolder(a, b.id, `F${i}`);
    const d = app.built.handle.db;
    const raw = async (...statements: string[]) => {
      if (dialect === 'postgres') await sql.raw('alter table audit_log disable trigger user').execute(d);
      else {
        await sql.raw('drop trigger if exists audit_log_no_update').execute(d);
        await sql.raw('drop trigger if exists audit_log_no_delete').execute(d);
      }
      for (const s of statements) await sql.raw(s).execute(d);
    };
    expect(await verifyAuditChain(makeRepos(d))).toMatchObject({ ok: true });
    return { app, d, raw };
  }

  it('names an altered entry', async () => {
    const { app, d, raw } = await chain();
    await raw(`update audit_log set ip = '10.9.9.9' where seq = 5`);
    expect(await verifyAuditChain(makeRepos(d))).toMatchObject({ ok: false, seq: 5, problem: 'altered' });
    await app.close();
  });

  it('names a removed entry', async () => {
    const { app, d, raw } = await chain();
    await raw(`delete from audit_log where seq = 4`);
    expect(await verifyAuditChain(makeRepos(d))).toMatchObject({ ok: false, seq: 4, problem: 'removed' });
    await app.close();
  });

  it('names an entry inserted between two others, even with a well-made hash', async () => {
    const { app, d, raw } = await chain();
    const third = await d.selectFrom('audit_log').selectAll().where('seq', '=', 3).executeTakeFirstOrThrow();
    await raw(
      `update audit_log set seq = seq + 1000 where seq >= 4`,
      `update audit_log set seq = seq - 999 where seq >= 1004`,
    );
    const { id: _id, ...rest } = third;
    const forged = { ...rest, seq: 4, event: 'user.approve', prev_hash: third.hash };
    await d
      .insertInto('audit_log')
      .values({ ...forged, hash: chainHash(third.hash, forged) })
      .execute();
    expect(await verifyAuditChain(makeRepos(d))).toMatchObject({ ok: false, seq: 4, problem: 'inserted' });
    await app.close();
  });

  it('names an entry appended past the head', async () => {
    const { app, d } = await chain();
    const last = await d.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();
    const { id: _id, ...rest } = last;
    const next = { ...rest, seq: Number(last.seq) + 1, prev_hash: last.hash };
    await d
      .insertInto('audit_log')
      .values({ ...next, hash: chainHash(last.hash, next) })
      .execute();
    expect(await verifyAuditChain(makeRepos(d))).toMatchObject({
      ok: false,
      seq: Number(last.seq) + 1,
      problem: 'inserted',
    });
    await app.close();
  });
});
