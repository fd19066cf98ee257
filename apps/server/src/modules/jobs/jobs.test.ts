import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminClient, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { enqueueAny } from '../../jobs/queue.js';
import { bullmqSource } from '../../jobs/redis/source.js';
import { memoryLog, testRedisUrl } from '../../../test/jobsDb.js';
import { defineHandler } from '../../jobs/types.js';
import { Worker } from '../../jobs/worker.js';

let t: TestApp;
let admin: Client;
let owner: { client: Client; id: number };
let other: { client: Client; id: number };
let adminId: number;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  owner = await makeUser(t, admin);
  other = await makeUser(t, admin);
  adminId = (await admin.get('/api/auth/me')).json().session_user.id;
}, 60_000);
const workers: Worker[] = [];
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t?.close();
});

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

/**
 * A long job, as a zip would be: reports progress, stops at `reached` until `resume` opens, then
 * returns its result. Run by a worker of its own over the app's database (the app's worker does
 * not know the name, so it never takes it).
 */
function longJob() {
  const reached = gate();
  const resume = gate();
  const worker = new Worker({
    db: t.built.handle.db,
    dialect: t.built.handle.dialect,
    log: memoryLog().log,
    clock: t.clock,
    schedules: false,
    // The app's driver (TEST_QUEUE), so this worker takes what the app's enqueues sent.
    source: t.redisPrefix ? bullmqSource({ url: testRedisUrl, prefix: t.redisPrefix, dispatchEveryMs: 20 }) : undefined,
    handlers: {
      'export.test': defineHandler({
        schema: z.object({ files: z.number() }),
        async run({ files }, ctx) {
          await ctx.progress(0, files);
          await ctx.progress(Math.floor(files / 2), files);
          reached.open();
          await resume.opened;
          await ctx.progress(files, files);
          return { key: `exports/${ctx.job.id}.zip` };
        },
      }),
      'broken.test': defineHandler({
        schema: z.object({}),
        run: async () => {
          throw new Error('the source folder was deleted');
        },
      }),
    },
  });
  workers.push(worker);
  return { worker, reached, resume };
}

describe('GET /api/jobs/:id', () => {
  it("shows the owner a running job's progress, then its result; others get 404", async () => {
    const { worker, reached, resume } = longJob();
    const id = await enqueueAny(t.built.handle.db, 'export.test', { files: 40 }, { ownerId: owner.id, clock: t.clock });
    const running = worker.runUntilIdle();
    await reached.opened;

    // The first report is written at once, the one after it within half a second: poll as the web does.
    let seen = await owner.client.get(`/api/jobs/${id}`);
    for (let i = 0; i < 40 && seen.json().progress?.done !== 20; i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await owner.client.get(`/api/jobs/${id}`);
    }
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      id,
      name: 'export.test',
      status: 'running',
      progress: { done: 20, of: 40 },
      result: null,
      error: null,
      created_at: expect.any(String),
      finished_at: null,
    });
    // Another user, and an administrator: jobs are private to their owner, and not revealed.
    for (const c of [other.client, admin]) {
      const r = await c.get(`/api/jobs/${id}`);
      expect(r.statusCode).toBe(404);
      expect(r.json().error.code).toBe('NOT_FOUND');
    }
    const mine = await owner.client.get('/api/jobs/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((j: { id: number }) => j.id)).toContain(id);
    for (const c of [other.client, admin])
      expect((await c.get('/api/jobs/mine')).json().items.map((j: { id: number }) => j.id)).not.toContain(id);

    resume.open();
    await running;
    const done = (await owner.client.get(`/api/jobs/${id}`)).json();
    expect(done).toMatchObject({
      status: 'done',
      progress: { done: 40, of: 40 },
      result: { key: `exports/${id}.zip` },
      error: null,
      finished_at: expect.any(String),
    });
  });

  it('answers 404 for an id that does not exist, and 422 for one that is not an id', async () => {
    expect((await owner.client.get('/api/jobs/999999999')).statusCode).toBe(404);
    expect((await owner.client.get('/api/jobs/9007199254740991')).statusCode).toBe(404);
    expect((await owner.client.get('/api/jobs/0x10')).statusCode).toBe(422);
    expect((await t.client().get('/api/jobs/1')).statusCode).toBe(401);
  });

  it('answers 404 for a job without an owner (system work), even to an administrator', async () => {
    const id = await enqueueAny(t.built.handle.db, 'nobody.test', {}, { clock: t.clock });
    expect((await admin.get(`/api/jobs/${id}`)).statusCode).toBe(404);
  });

  it("tells the owner a failed job's short error, without a stack", async () => {
    const { worker } = longJob();
    const id = await enqueueAny(t.built.handle.db, 'broken.test', {}, { ownerId: owner.id, maxAttempts: 1 });
    await worker.runUntilIdle();
    const r = (await owner.client.get(`/api/jobs/${id}`)).json();
    expect(r).toMatchObject({ status: 'failed', error: 'the source folder was deleted', result: null });
    expect(r.error).not.toMatch(/\bat\b.*:\d+/);
  });
});

describe('GET /api/jobs/mine', () => {
  it("lists the caller's queued, running and recently finished jobs, newest first", async () => {
    const db = t.built.handle.db;
    const fresh = await makeUser(t, admin);
    const old = await enqueueAny(db, 'old.test', {}, { ownerId: fresh.id, clock: t.clock });
    await db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: new Date(t.clock.now().getTime() - 60 * 60_000).toISOString() })
      .where('id', '=', old!)
      .execute();
    const recent = await enqueueAny(db, 'recent.test', {}, { ownerId: fresh.id, clock: t.clock });
    await db
      .updateTable('jobs')
      .set({ status: 'failed', last_error: 'nope', finished_at: t.clock.now().toISOString() })
      .where('id', '=', recent!)
      .execute();
    const queued = await enqueueAny(db, 'queued.test', {}, { ownerId: fresh.id, clock: t.clock });
    await enqueueAny(db, 'queued.test', {}, { ownerId: adminId, clock: t.clock });

    const items = (await fresh.client.get('/api/jobs/mine')).json().items;
    expect(items.map((j: { id: number; status: string; error: string | null }) => [j.id, j.status, j.error])).toEqual([
      [queued, 'queued', null],
      [recent, 'failed', 'nope'],
    ]);
  });
});
