import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handlers as app } from '../worker/handlers/index.js';
import { enqueueAny } from './queue.js';
import { saveSchedule } from './schedules.js';
import { memoryLog, openTestDb } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { until } from '../../test/throwaway.js';
import { defineHandler } from './types.js';
import type { Handlers } from './types.js';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const ANALYSES = ['assets.text', 'assets.objects', 'assets.visuals'] as const;

/** The app's handlers of `names` (their priority included) with a run that only says it ran. */
const recorded = (names: readonly (keyof typeof app)[], ran: string[]): Handlers =>
  Object.fromEntries(names.map((name) => [name, { ...app[name], run: async () => void ran.push(name) }]));

const plain = (ran: string[]): Handlers => ({
  'plain.test': defineHandler({ schema: z.object({}), run: async () => void ran.push('plain.test') }),
});

describe('job priority', () => {
  it("runs an upload's derivatives and other jobs before older analyses, on a worker with one slot", async () => {
    const ran: string[] = [];
    const handlers = { ...recorded([...ANALYSES, 'assets.derivatives'], ran), ...plain(ran) };
    for (const name of ANALYSES) await enqueueAny(t.db, name, { asset_id: 1, rev: 1 });
    await enqueueAny(t.db, 'assets.derivatives', { asset_id: 2, rev: 1 });
    await enqueueAny(t.db, 'plain.test', {});
    const w = t.worker({ handlers, log: memoryLog().log, concurrency: 1 });
    expect(await w.runUntilIdle()).toBe(5);
    expect(ran.slice(0, 2).sort()).toEqual(['assets.derivatives', 'plain.test']);
    expect(ran.slice(2).sort()).toEqual([...ANALYSES].sort());
  });

  it('leaves one of two slots to other jobs while analyses run, so a new upload is not kept waiting', async () => {
    const ran: string[] = [];
    let finishAnalyses!: () => void;
    const analysesHeld = new Promise<void>((r) => (finishAnalyses = r));
    const handlers: Handlers = {
      // Each analysis runs until the test lets it end, as a long OCR run does.
      ...Object.fromEntries(
        ANALYSES.map((name) => [
          name,
          { ...app[name], run: async () => void (ran.push(`${name} started`), await analysesHeld) },
        ]),
      ),
      ...recorded(['assets.derivatives'], ran),
    };
    for (const name of ANALYSES) await enqueueAny(t.db, name, { asset_id: 1, rev: 1 });
    const w = t.worker({ handlers, log: memoryLog().log, concurrency: 2, pollMs: 20 });
    w.start();
    await until('an analysis', () => ran.length >= 1);
    await enqueueAny(t.db, 'assets.derivatives', { asset_id: 2, rev: 1 });
    w.wake();
    await until("the upload's derivatives", () => ran.includes('assets.derivatives'), 10_000);
    // One analysis holds one slot; the other slot stayed free for the derivatives.
    expect(ran.filter((n) => n.endsWith('started'))).toHaveLength(1);
    finishAnalyses();
    await until('the other analyses', () => ran.filter((n) => n.endsWith('started')).length === ANALYSES.length);
    await w.stop();
  });

  it('still runs a scheduled template apply while uploads keep coming, and the analyses once they stop', async () => {
    const ran: string[] = [];
    let uploading = true;
    const handlers: Handlers = {
      ...recorded([...ANALYSES, 'reports.apply'], ran),
      // Each upload's derivatives queue the next upload's: other jobs are due all along.
      'assets.derivatives': defineHandler({
        ...app['assets.derivatives'],
        run: async ({ asset_id }) => {
          ran.push('assets.derivatives');
          // A turn of the event loop, as real work has: on SQLite the stream is otherwise all microtasks.
          await new Promise((r) => setImmediate(r));
          if (uploading) await enqueueAny(t.db, 'assets.derivatives', { asset_id: asset_id + 1, rev: 1 });
        },
      }),
    };
    for (const name of ANALYSES) await enqueueAny(t.db, name, { asset_id: 1, rev: 1 });
    await enqueueAny(t.db, 'assets.derivatives', { asset_id: 2, rev: 1 });
    const w = t.worker({ handlers, log: memoryLog().log, concurrency: 1, pollMs: 20, schedulesEveryMs: 20 });
    w.start();
    await until('a few uploads', () => ran.length >= 3);
    await saveSchedule(t.db, {
      key: 'priority.test:apply',
      name: 'reports.apply',
      payload: { id: 1 },
      everySeconds: 3600,
      firstRunAt: new Date(),
    });
    await until('the scheduled apply', () => ran.includes('reports.apply'));
    // Analyses are the one kind that waits for as long as other jobs keep coming.
    expect(ran.filter((n) => (ANALYSES as readonly string[]).includes(n))).toEqual([]);
    uploading = false;
    await until('the analyses', () => ANALYSES.every((n) => ran.includes(n)));
    await w.stop();
    expect(ran.slice(-ANALYSES.length).sort()).toEqual([...ANALYSES].sort());
  });
});
