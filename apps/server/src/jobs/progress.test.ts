import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TestClock } from '../../test/harness.js';
import { enqueueAny } from './queue.js';
import { memoryLog, openTestDb } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { defineHandler } from './types.js';
import type { Handlers } from './types.js';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const row = (id: number | null) => t.db.selectFrom('jobs').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
const worker = (handlers: Handlers, more: { progressIntervalMs?: number } = {}) =>
  t.worker({ handlers, log: memoryLog().log, clock: new TestClock(), ...more });
/** A promise and its resolver, to hold a handler at a point while the test looks at the row. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('job progress and results', () => {
  it('writes progress while the job runs, throttled, and the last value with the end', async () => {
    const reached = gate();
    const resume = gate();
    const w = worker(
      {
        'count.test': defineHandler({
          schema: z.object({ of: z.number() }),
          async run({ of }, ctx) {
            for (let i = 1; i < of; i++) await ctx.progress(i, of); // one write, then throttled
            reached.open();
            await resume.opened;
            await ctx.progress(of - 1, of); // already shown by the trailing write: nothing new
            return { key: 'exports/count.zip', files: of };
          },
        }),
      },
      { progressIntervalMs: 300 },
    );
    const id = await enqueueAny(t.db, 'count.test', { of: 1000 });
    const running = w.runUntilIdle();
    await reached.opened;
    // The first report was written at once; the 998 after it within the interval were held back.
    expect(await row(id)).toMatchObject({ status: 'running', progress_done: 1, progress_of: 1000, result: null });
    // The value held back is written once the interval has passed, without another report.
    await sleep(500);
    expect(await row(id)).toMatchObject({ progress_done: 999, progress_of: 1000 });
    resume.open();
    await running;
    const done = await row(id);
    expect(done).toMatchObject({ status: 'done', progress_done: 999, progress_of: 1000 });
    expect(JSON.parse(done.result!)).toEqual({ key: 'exports/count.zip', files: 1000 });
  });

  it('writes done === of at once, and keeps a result set through ctx.result', async () => {
    const reached = gate();
    const resume = gate();
    const w = worker(
      {
        'whole.test': defineHandler({
          schema: z.object({}),
          async run(_p, ctx) {
            await ctx.progress(0, 3);
            await ctx.progress(3, 3);
            ctx.result('blobs/sheet.pdf');
            expect(() => ctx.result({ big: 'x'.repeat(70_000) })).toThrow(/too large/);
            reached.open();
            await resume.opened;
          },
        }),
      },
      { progressIntervalMs: 60_000 },
    );
    const id = await enqueueAny(t.db, 'whole.test', {});
    const running = w.runUntilIdle();
    await reached.opened;
    expect(await row(id)).toMatchObject({ progress_done: 3, progress_of: 3 });
    resume.open();
    await running;
    expect(await row(id)).toMatchObject({ status: 'done', result: '"blobs/sheet.pdf"' });
  });

  it('records the owner, and a short error without the stack when the job fails', async () => {
    const w = worker({
      'broken.test': defineHandler({
        schema: z.object({}),
        async run(_p, ctx) {
          await ctx.progress(2, 5);
          expect(ctx.job.ownerId).toBe(null);
          throw new Error('the source folder is gone\n    at somewhere (/srv/app/x.ts:1:1)');
        },
      }),
    });
    const id = await enqueueAny(t.db, 'broken.test', {}, { maxAttempts: 1 });
    await w.runUntilIdle();
    const r = await row(id);
    expect(r).toMatchObject({
      status: 'failed',
      last_error: 'the source folder is gone',
      progress_done: 2,
      progress_of: 5,
      result: null,
    });
  });

  it('gives the handler its owner', async () => {
    const owners: (number | null)[] = [];
    const w = worker({
      'owned.test': defineHandler({ schema: z.object({}), run: async (_p, ctx) => void owners.push(ctx.job.ownerId) }),
    });
    // An owner must be a user: the seeded administrator is not there (no seed here), so make one.
    const user = await t.db
      .insertInto('users')
      .values({
        first_name: 'O',
        last_name: 'Wner',
        email: `owner-${Date.now()}@example.com`,
        password_hash: 'x',
        lang: 'en',
        status: 'ACTIVE',
        verified_at: null,
        approved_at: null,
        photo_uri: null,
        company: null,
        country: null,
        phone: null,
        position: null,
        menu_settings: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await enqueueAny(t.db, 'owned.test', {}, { ownerId: user.id });
    await w.runUntilIdle();
    expect(owners).toEqual([user.id]);
    expect((await row(id)).owner_id).toBe(user.id);
  });
});
