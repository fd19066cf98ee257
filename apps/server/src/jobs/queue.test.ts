import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enqueue, enqueueAny, schedule } from './queue.js';
import { openTestDb, memoryLog } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { defineHandler } from './types.js';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const jobsNamed = (name: string) => t.db.selectFrom('jobs').selectAll().where('name', '=', name).execute();

describe('enqueue', () => {
  it('adds nothing when the transaction that enqueued rolls back, and the job when it commits', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueAny(trx, 'tx.test', { n: 1 });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    expect(await jobsNamed('tx.test')).toHaveLength(0);

    const id = await t.db.transaction().execute((trx) => enqueueAny(trx, 'tx.test', { n: 2 }));
    const rows = await jobsNamed('tx.test');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      status: 'queued',
      attempts: 0,
      max_attempts: 5,
      payload: '{"n":2}',
      locked_by: null,
    });
    expect(typeof rows[0]?.id).toBe('number');
  });

  it('is a no-op for a dedupe key that already names a job, even inside a transaction', async () => {
    const first = await enqueueAny(t.db, 'dedupe.test', { v: 1 }, { dedupeKey: 'thumb:version:7' });
    expect(first).toEqual(expect.any(Number));
    const again = await t.db.transaction().execute(async (trx) => {
      const id = await enqueueAny(trx, 'dedupe.test', { v: 2 }, { dedupeKey: 'thumb:version:7' });
      // The transaction is still usable afterwards (PostgreSQL aborts one on a raised violation).
      await enqueueAny(trx, 'dedupe.test', { v: 3 }, { dedupeKey: 'thumb:version:8' });
      return id;
    });
    expect(again).toBeNull();
    const rows = await jobsNamed('dedupe.test');
    expect(rows.map((r) => [r.dedupe_key, r.payload]).sort()).toEqual([
      ['thumb:version:7', '{"v":1}'],
      ['thumb:version:8', '{"v":3}'],
    ]);
    // Jobs without a key never collide.
    await enqueueAny(t.db, 'dedupe.test', {});
    await enqueueAny(t.db, 'dedupe.test', {});
    expect(await jobsNamed('dedupe.test')).toHaveLength(4);
  });

  it('checks names and payloads against the handler registry at compile time', async () => {
    const id = await enqueue(t.db, 'jobs.cleanup', { doneDays: 3 });
    // @ts-expect-error unknown job name
    void (() => enqueue(t.db, 'no.such.job', {}));
    // @ts-expect-error wrong payload type
    void (() => enqueue(t.db, 'jobs.cleanup', { doneDays: 'soon' }));
    expect(id).toEqual(expect.any(Number));
    const at = new Date('2031-05-01T00:00:00.000Z');
    const later = await schedule(t.db, 'jobs.cleanup', {}, at);
    const row = await t.db.selectFrom('jobs').selectAll().where('id', '=', later!).executeTakeFirstOrThrow();
    expect(row.run_at).toBe(at.toISOString());
  });

  it('keeps a scheduled job until its run-at time', async () => {
    const ran: number[] = [];
    const handlers = {
      'later.test': defineHandler({ schema: z.object({ n: z.number() }), run: async ({ n }) => void ran.push(n) }),
    };
    let now = new Date('2030-01-01T10:00:00.000Z');
    const worker = t.worker({ handlers, log: memoryLog().log, clock: { now: () => now } });
    await enqueueAny(t.db, 'later.test', { n: 1 }, { runAt: new Date('2030-01-01T12:00:00.000Z') });
    expect(await worker.runUntilIdle()).toBe(0);
    now = new Date('2030-01-01T12:00:00.000Z');
    expect(await worker.runUntilIdle()).toBe(1);
    expect(ran).toEqual([1]);
  });
});
