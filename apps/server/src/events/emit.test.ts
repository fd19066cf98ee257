import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLog, openTestDb } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { defineHandler } from '../jobs/types.js';
import { Worker } from '../jobs/worker.js';
import { handlers } from '../worker/handlers/index.js';
import { emit } from './emit.js';
import { subscribe } from './subscribe.js';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

// A comment by a person: its asset's blobs are "deleted" (the job exists; no worker runs it here),
// and a second subscriber skips comments written by nobody (actor 0). Shares have no subscriber here.
const subscriptions = [
  subscribe(
    'comment.created',
    'blobs.delete',
    (e) => ({ keys: [`assets/${e.assetId}/original`] }),
    (e) => ({
      dedupeKey: `test:comment.created:${e.assetId}`,
    }),
  ),
  subscribe('comment.created', 'jobs.cleanup', (e) => (e.actorId === 0 ? null : { doneDays: 1 })),
];
const event = (assetId: number, actorId = 7) => ({ commentId: assetId, assetId, actorId });
const share = { linkId: 5, collectionId: 1, ownerId: 7, userIds: [8] };
const jobsFor = (key: string) =>
  t.db.selectFrom('jobs').select(['name', 'payload']).where('dedupe_key', '=', key).execute();

describe('emit', () => {
  it('enqueues nothing when the transaction rolls back', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        const ids = await emit(trx, 'comment.created', event(101), { subscriptions });
        expect(ids).toHaveLength(2);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobsFor('test:comment.created:101')).toEqual([]);
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it('enqueues each subscribed job, with its mapped payload, when the transaction commits', async () => {
    const ids = await t.db.transaction().execute((trx) => emit(trx, 'comment.created', event(102), { subscriptions }));
    expect(ids).toHaveLength(2);
    const rows = await t.db
      .selectFrom('jobs')
      .select(['id', 'name', 'payload', 'status', 'owner_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.name, JSON.parse(r.payload), r.status, r.owner_id])).toEqual([
      ['blobs.delete', { keys: ['assets/102/original'] }, 'queued', null],
      ['jobs.cleanup', { doneDays: 1 }, 'queued', null],
    ]);
    expect(await jobsFor('test:comment.created:102')).toHaveLength(1);
  });

  it('skips a subscriber whose mapping returns null, and events nobody subscribed to', async () => {
    const ids = await t.db
      .transaction()
      .execute((trx) => emit(trx, 'comment.created', event(103, 0), { subscriptions }));
    expect(ids).toHaveLength(1);
    expect(await emit(t.db, 'collection.shared', share, { subscriptions })).toEqual([]);
  });

  it('hands the jobs to the worker, which runs them after the commit', async () => {
    const seen: unknown[] = [];
    const worker = new Worker({
      db: t.db,
      dialect: t.dialect,
      log: memoryLog().log,
      handlers: {
        'jobs.cleanup': defineHandler({ ...handlers['jobs.cleanup'], run: async (p) => void seen.push(p) }),
      },
    });
    const shared = [subscribe('collection.shared', 'jobs.cleanup', () => ({}))];
    await t.db.transaction().execute((trx) => emit(trx, 'collection.shared', share, { subscriptions: shared }));
    await worker.runUntilIdle();
    // The second test's comment.created job, then this collection.shared one (the handler's defaults).
    expect(seen).toEqual([
      { doneDays: 1, failedDays: 30 },
      { doneDays: 7, failedDays: 30 },
    ]);
  });
});
