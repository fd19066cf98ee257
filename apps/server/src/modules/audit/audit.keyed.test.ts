import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { adminClient, dialect, makeBrand, makeFolder, startApp } from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';
import type { Db } from '../../db/index.js';
import { chainHash } from './audit.chain.js';
import { enqueue } from '../../jobs/queue.js';

const APP_KEY = 'k'.repeat(24) + 'audit-chain-key-for-tests';
let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A fresh app with a short chain, and raw SQL past the append-only triggers (a database writer). */
async function chain(env: Record<string, string> = { APP_KEY }) {
  app = await startApp(env);
  const admin = await adminClient(app);
  const b = await makeBrand(admin, 'Keyed Brand');
  for (let i = 0; i < 4; i++) await makeFolder(admin, b.id, `K${i}`);
  const d = app.built.handle.db;
  if (dialect === 'postgres') await sql.raw('alter table audit_log disable trigger user').execute(d);
  else {
    await sql.raw('drop trigger if exists audit_log_no_update').execute(d);
    await sql.raw('drop trigger if exists audit_log_no_delete').execute(d);
  }
  const verify = async () => {
    const r = await admin.req('POST', '/api/ops/audit/verify', {});
    expect(r.statusCode).toBe(200);
    return r.json() as {
      ok: boolean;
      keyed: boolean;
      checkpoints: number;
      broken: { seq: number; problem: string } | null;
    };
  };
  return { d, admin, verify };
}

/** What someone with write access but no key does: change entry `from`, re-link every later one. */
async function rewriteFrom(d: Db, from: number) {
  await sql.raw(`update audit_log set ip = '10.6.6.6' where seq = ${from}`).execute(d);
  const rows = await d.selectFrom('audit_log').selectAll().orderBy('seq').execute();
  let prev = rows.find((r) => Number(r.seq) === from - 1)?.hash ?? '0'.repeat(64);
  for (const r of rows.filter((x) => Number(x.seq) >= from)) {
    const hash = chainHash(prev, { ...r, seq: Number(r.seq) });
    await d.updateTable('audit_log').set({ prev_hash: prev, hash }).where('seq', '=', r.seq).execute();
    prev = hash;
  }
  await d.updateTable('audit_head').set({ hash: prev }).where('id', '=', 1).execute();
}

describe('keyed audit chain', () => {
  it('answers intact and keyed on the audit screen, and finds a row re-linked without the key', async () => {
    const { d, verify } = await chain();
    expect(await verify()).toMatchObject({ ok: true, keyed: true, broken: null });
    await rewriteFrom(d, 3);
    expect(await verify()).toMatchObject({ ok: false, broken: { problem: 'altered' } });
    // Forgetting where the keyed part began does not help either.
    await d.updateTable('audit_head').set({ keyed_from: null, keyed_mac: null }).where('id', '=', 1).execute();
    expect(await verify()).toMatchObject({ ok: false, broken: { problem: 'altered' } });
  });

  it('without APP_KEY a re-linked rewrite passes the chain alone, which is why the key matters', async () => {
    const { d, verify } = await chain({});
    await rewriteFrom(d, 3);
    expect(await verify()).toMatchObject({ ok: true, keyed: false });
  });

  it('finds the tail cut after a checkpoint, with or without the key', async () => {
    for (const env of [{ APP_KEY }, {}] as Record<string, string>[]) {
      const { d, verify } = await chain(env);
      await checkpointByJob(d);
      expect(await verify()).toMatchObject({ ok: true, checkpoints: expect.any(Number) });
      const head = await d.selectFrom('audit_head').selectAll().executeTakeFirstOrThrow();
      const keep = Number(head.seq) - 2;
      const last = await d.selectFrom('audit_log').select('hash').where('seq', '=', keep).executeTakeFirstOrThrow();
      await sql.raw(`delete from audit_log where seq > ${keep}`).execute(d);
      await d.updateTable('audit_head').set({ seq: keep, hash: last.hash }).where('id', '=', 1).execute();
      expect(await verify()).toMatchObject({ ok: false, broken: { problem: 'removed' } });
      await app!.close();
      app = null;
    }
  });
});

/** Runs the `audit.checkpoint` job through the app's own queue and worker, until the head is anchored. */
async function checkpointByJob(d: Db) {
  const head = await d.selectFrom('audit_head').select('seq').executeTakeFirstOrThrow();
  const key = `audit/checkpoints/${String(head.seq).padStart(15, '0')}.json`;
  await enqueue(d, 'audit.checkpoint', {}, { clock: app!.clock });
  await expect
    .poll(
      async () => {
        app!.built.worker?.wake();
        return !!(await app!.built.storage.stat(key));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}
