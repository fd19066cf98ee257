import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';
import { sourceBody, syncWorld, waitRun } from './sync.fixtures.js';
import { jobUnits } from '../../jobUnits.js';
import { makeRepos } from '../../repos.js';
import { startSyncWatcher } from './sync.watch.js';
import type { SyncWatcher } from './sync.watch.js';

/** The transaction a worker's watcher asks for runs in, over the test app's database. */
const jobTx = () => jobUnits({ clock: t.clock, appKey: undefined })(t.built.handle.db, () => undefined).tx;

let t: TestApp;
let watcher: SyncWatcher | undefined;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await watcher?.stop();
  await t?.close();
});

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('sync watcher', () => {
  it('queues one watch run shortly after files change, and none for a source that does not watch', async () => {
    const w = await syncWorld(t);
    const watched = (await w.admin.post('/api/asset/sync/source', sourceBody(w))).json().source.id as number;
    const unwatched = (
      await w.admin.post('/api/asset/sync/source', sourceBody(w, { name: 'No watch', watch: false }))
    ).json().source.id as number;
    const runs: number[] = [];
    watcher = await startSyncWatcher({
      repos: makeRepos(t.built.handle.db),
      tx: jobTx(),
      clock: t.clock,
      log: quiet,
      settings: { roots: [t.syncRoot], settleMs: 0, watch: true, maxUploadBytes: 1 << 20 },
      debounceMs: 300,
      onRun: (_id, runId) => {
        runs.push(runId);
        t.built.worker?.wake();
      },
    });
    expect(watcher.watching()).toContain(watched);
    expect(watcher.watching()).not.toContain(unwatched);
    // @parcel/watcher needs a moment after subscribing before it reports.
    await new Promise((r) => setTimeout(r, 300));
    writeFileSync(join(w.dir, 'one.txt'), 'one');
    writeFileSync(join(w.dir, 'two.txt'), 'two');
    const deadline = Date.now() + 10_000;
    while (!runs.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(runs).toHaveLength(1); // two changes, one debounced run
    const run = await waitRun(t, w.admin, runs[0]!);
    expect(run).toMatchObject({ trigger: 'watch', source_id: watched, status: 'done' });
    expect(run.counts.new).toBe(2);
    await watcher.stop();
    watcher = undefined;
  });

  it('logs a source it cannot watch and carries on', async () => {
    const warned: object[] = [];
    const w = await syncWorld(t);
    await w.admin.post('/api/asset/sync/source', sourceBody(w));
    const failing = await startSyncWatcher({
      repos: makeRepos(t.built.handle.db),
      tx: jobTx(),
      clock: t.clock,
      log: { ...quiet, warn: (o: object) => warned.push(o) },
      settings: { roots: [t.syncRoot], settleMs: 0, watch: true, maxUploadBytes: 1 << 20 },
      subscribe: async () => {
        throw new Error('inotify limit reached');
      },
    });
    expect(failing.watching()).toEqual([]);
    expect(warned.length).toBeGreaterThan(0);
    await failing.stop();
  });
});
