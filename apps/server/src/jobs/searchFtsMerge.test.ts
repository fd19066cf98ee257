import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMaintenanceRepo } from '../modules/search/search.maintenance.repo.js';
import { searchRepo } from '../modules/search/search.repo.js';
import { jobUnits } from '../jobUnits.js';
import { systemClock } from '../lib/clock.js';
import { handlers } from '../worker/handlers/index.js';
import { enqueue } from './queue.js';
import { recurringJobs } from '../worker/start.js';

const recurring = recurringJobs();
import { memoryLog, openTestDb } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { assetRow, brandWithRoot } from '../../test/assetRow.js';

let t: TestDb;
let brandId: number;
beforeAll(async () => {
  t = await openTestDb();
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  let folderId: number;
  ({ brandId, folderId } = await brandWithRoot(t.db, 'Fts'));
  const words = ['summer', 'autumn', 'winter', 'spring', 'sunset'];
  // One transaction per write, as uploads and edits arrive: each leaves an FTS segment behind.
  for (let i = 0; i < 300; i++) {
    const { id } = await t.db
      .insertInto('assets')
      .values(
        assetRow(brandId, folderId, `fts${i}`, {
          name: `${words[i % 5]}-${words[(i * 3) % 5]} ${i}.jpg`,
          size: 1000 + i,
          // Forty filler words each, so the index spans enough pages to merge in several steps.
          description: [
            ...(i % 4 ? [] : [`${words[(i + 1) % 5]} campaign`]),
            ...Array.from({ length: 40 }, (_, k) => `filler${(i * 7 + k) % 997}`),
          ].join(' '),
          keywords: JSON.stringify([words[(i + 2) % 5]]),
          created_at: at,
          updated_at: at,
        }) as never,
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    if (i % 7 === 3)
      await t.db
        .updateTable('assets')
        .set({ name: `renamed ${i}.jpg` })
        .where('id', '=', id)
        .execute();
    if (i % 11 === 5) await t.db.deleteFrom('assets').where('id', '=', id).execute();
  }
});
afterAll(() => t?.close());

async function results() {
  const repo = searchRepo(t.db, t.dialect);
  const out: Record<string, number[]> = {};
  for (const terms of [['summer'], ['autu'], ['renamed'], ['winter', 'camp'], ['sunset', 'spring'], ['nothing']])
    out[terms.join(' ')] = await repo.page(
      { scope: { kind: 'brand', brandId }, withPrivate: true, terms },
      { key: 'name_lc', dir: 'asc' },
      500,
      0,
    );
  return out;
}

const runMerge = async (payload: { pages?: number; budgetMs?: number; minSegments?: number }) => {
  const { log, lines } = memoryLog();
  await enqueue(t.db, 'search.ftsMerge', payload);
  expect(
    await t.worker({ handlers, log, units: jobUnits({ clock: systemClock, appKey: undefined }) }).runUntilIdle(),
  ).toBe(1);
  return lines.find((l) => l.msg === 'merged search index segments')?.obj as { steps: number; done: boolean };
};

describe('search.ftsMerge', () => {
  it('runs every hour', () => {
    expect(recurring.find((r) => r.name === 'search.ftsMerge')?.intervalMs).toBe(60 * 60_000);
  });

  it('merges the FTS index into one segment in small steps, and searches find the same rows', async () => {
    const before = await results();
    expect(before.summer!.length).toBeGreaterThan(30);
    expect(before.renamed!.length).toBeGreaterThan(30);
    expect(before.nothing).toEqual([]);
    if (t.dialect !== 'sqlite') {
      // GIN is PostgreSQL's to maintain: the job has nothing to do.
      expect(await runMerge({})).toBeUndefined();
      expect(await results()).toEqual(before);
      return;
    }
    const maintenance = searchMaintenanceRepo(t.db);
    const segments = await maintenance.ftsSegments();
    expect(segments).toBeGreaterThan(4);

    // Few enough segments, or no time: no step. One step leaves a merge half done, which searches
    // must not notice.
    expect(await runMerge({ minSegments: segments })).toBeUndefined();
    expect(await maintenance.ftsSegments()).toBe(segments);
    expect(await runMerge({ budgetMs: 0 })).toBeUndefined();
    expect(await maintenance.ftsMergeStep(1)).toBe(true);
    expect(await results()).toEqual(before);

    const run = await runMerge({ pages: 1, budgetMs: 60_000 });
    expect(run).toMatchObject({ done: true });
    expect(run.steps).toBeGreaterThan(1);
    expect(await maintenance.ftsSegments()).toBe(1);
    await sql`insert into assets_fts (assets_fts, rank) values ('integrity-check', 1)`.execute(t.db);
    expect(await results()).toEqual(before);
    // Nothing left to merge: the next run stops at its first step.
    expect(await runMerge({})).toBeUndefined();
  });
});
