import { appendFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../jobs/queue.js';
import { startApp } from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';
import { itemsOf, runAndWait, sourceBody, syncWorld, waitRun, writeTree } from './sync.fixtures.js';
import { syncHooks } from './sync.run.js';
import { hashStats } from './sync.scan.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());
afterEach(() => {
  syncHooks.settle = null;
  syncHooks.afterFile = null;
});

async function world(over: object = {}) {
  const w = await syncWorld(t);
  const s = (await w.admin.post('/api/asset/sync/source', sourceBody(w, over))).json().source;
  return { ...w, id: s.id as number };
}
const view = async (w: Awaited<ReturnType<typeof world>>, id: number) =>
  (await w.admin.get(`/api/ops/asset/${id}/view`)).json().asset;
const byPath = (items: Awaited<ReturnType<typeof itemsOf>>) => Object.fromEntries(items.map((i) => [i.path, i]));

describe('sync runs', () => {
  it('imports a tree into folders reading each file once, then a second run changes nothing and hashes nothing', async () => {
    const w = await world();
    writeTree(w.dir, { 'a.txt': 'alpha', 'sub/b.txt': 'bravo', 'sub/deep/c.txt': 'charlie', '.DS_Store': 'junk' });
    const before = hashStats.files;
    const first = await runAndWait(t, w.admin, w.id);
    // Nothing gone to move from: each new file is read once, hashed as it is stored.
    expect(hashStats.files).toBe(before);
    expect(first).toMatchObject({ status: 'done', trigger: 'manual', nothing_changed: false });
    expect(first.counts).toMatchObject({ seen: 3, new: 3, updated: 0, removed: 0, failed: 0 });
    const items = byPath(await itemsOf(w.admin, first.id));
    expect(Object.keys(items).sort()).toEqual(['a.txt', 'sub/b.txt', 'sub/deep/c.txt']);
    const c = await view(w, items['sub/deep/c.txt']!.asset_id!);
    expect(c.breadcrumbs.map((b: { name: string }) => b.name).slice(-3)).toEqual(['Synced', 'sub', 'deep']);
    expect(c.sync).toMatchObject({ source_id: w.id, source_name: 'NAS', path: 'sub/deep/c.txt' });

    const hashed = hashStats.files;
    const second = await runAndWait(t, w.admin, w.id);
    expect(second).toMatchObject({ status: 'done', nothing_changed: true });
    expect(second.counts).toMatchObject({ seen: 3, new: 0, unchanged: 3 });
    expect(hashStats.files).toBe(hashed);
    expect(await itemsOf(w.admin, second.id)).toEqual([]);
    const src = (await w.admin.get(`/api/asset/sync/source/${w.id}`)).json().source;
    expect(src).toMatchObject({ asset_count: 3, last_run: { id: second.id, nothing_changed: true } });
    const asked = (await w.admin.get('/api/ops/audit/all?event=sync.run_request')).json().items;
    expect(asked[0]).toMatchObject({ target: { type: 'sync_source', id: w.id }, info: { run_id: second.id } });
  });

  it("mails the report to the source's creator after a run that did something, in their language", async () => {
    const w = await world({ email_report: true });
    writeTree(w.dir, { 'mail.txt': 'mailed' });
    await runAndWait(t, w.admin, w.id);
    const mails = await t.waitForMails('admin@example.com');
    const report = mails.filter((m) => m.subject.startsWith('Sync "NAS"'));
    expect(report).toHaveLength(1);
    expect(report[0]!.text).toMatch(/1 new, 0 updated/);
    expect(report[0]!.links[0]).toMatch(/\/asset\/sync\?source=/);
    await runAndWait(t, w.admin, w.id); // nothing changed: no mail
    await t.mailSettled();
    expect(t.mails('admin@example.com').filter((m) => m.subject.startsWith('Sync "NAS"'))).toHaveLength(1);
  });

  it('makes a changed file a new version and keeps the title and keywords edited in the app', async () => {
    const w = await world();
    writeTree(w.dir, { 'doc.txt': 'first words' });
    const first = await runAndWait(t, w.admin, w.id);
    const id = (await itemsOf(w.admin, first.id))[0]!.asset_id!;
    await w.admin.put(`/api/ops/asset/${id}/edit`, { description: 'Edited here', keywords: ['kept'] });
    writeFileSync(join(w.dir, 'doc.txt'), 'second, longer words');
    const second = await runAndWait(t, w.admin, w.id);
    expect(second.counts).toMatchObject({ updated: 1, new: 0 });
    const a = await view(w, id);
    expect(a).toMatchObject({ current_version: 2, description: 'Edited here', keywords: ['kept'], size: 20 });

    // Only the mtime moved, the bytes are the same: no version, and next time no hash.
    utimesSync(join(w.dir, 'doc.txt'), new Date(), new Date(Date.now() + 5000));
    const touched = await runAndWait(t, w.admin, w.id);
    expect(touched).toMatchObject({ nothing_changed: true });
    expect((await view(w, id)).current_version).toBe(2);
  });

  it('moves and renames the asset when the same bytes appear at another path', async () => {
    const w = await world();
    writeTree(w.dir, { 'old/photo.txt': 'the same bytes' });
    const first = await runAndWait(t, w.admin, w.id);
    const id = (await itemsOf(w.admin, first.id))[0]!.asset_id!;
    mkdirSync(join(w.dir, 'new'));
    renameSync(join(w.dir, 'old/photo.txt'), join(w.dir, 'new/renamed.txt'));
    const second = await runAndWait(t, w.admin, w.id);
    expect(second.counts).toMatchObject({ moved: 1, new: 0, removed: 0 });
    expect(await itemsOf(w.admin, second.id)).toEqual([
      { path: 'new/renamed.txt', outcome: 'moved', reason: null, from_path: 'old/photo.txt', asset_id: id },
    ]);
    const a = await view(w, id);
    expect(a).toMatchObject({ name: 'renamed.txt', status: 'ACTIVE', sync: { path: 'new/renamed.txt' } });
    expect(a.breadcrumbs.at(-1).name).toBe('new');
  });

  it('removes (INACTIVE) the asset of a gone file and restores it when the file comes back', async () => {
    const w = await world();
    writeTree(w.dir, { 'keep.txt': 'stays', 'gone.txt': 'leaves' });
    const first = await runAndWait(t, w.admin, w.id);
    const id = byPath(await itemsOf(w.admin, first.id))['gone.txt']!.asset_id!;
    rmSync(join(w.dir, 'gone.txt'));
    const second = await runAndWait(t, w.admin, w.id);
    expect(second.counts).toMatchObject({ removed: 1 });
    expect((await view(w, id)).status).toBe('INACTIVE');
    const third = await runAndWait(t, w.admin, w.id);
    expect(third).toMatchObject({ nothing_changed: true }); // reported once

    writeFileSync(join(w.dir, 'gone.txt'), 'leaves');
    const back = await runAndWait(t, w.admin, w.id);
    expect(back.counts).toMatchObject({ new: 0, restored: 1, moved: 0 });
    expect(await itemsOf(w.admin, back.id)).toMatchObject([{ path: 'gone.txt', outcome: 'restored', asset_id: id }]);
    expect((await view(w, id)).status).toBe('ACTIVE');
    const audit = (await w.admin.get('/api/ops/audit/all?event=asset.status')).json().items;
    expect(audit.filter((e: { target: { id: number } }) => e.target.id === id)).toHaveLength(2);
  });

  it('leaves the asset of a gone file alone when on_missing is keep', async () => {
    const w = await world({ on_missing: 'keep' });
    writeTree(w.dir, { 'x.txt': 'x marks' });
    const id = (await itemsOf(w.admin, (await runAndWait(t, w.admin, w.id)).id))[0]!.asset_id!;
    rmSync(join(w.dir, 'x.txt'));
    const r = await runAndWait(t, w.admin, w.id);
    expect(r).toMatchObject({ nothing_changed: true });
    expect((await view(w, id)).status).toBe('ACTIVE');
  });

  it('skips a file still being written, and imports it on the next run', async () => {
    const w = await world();
    writeTree(w.dir, { 'big.txt': 'part one' });
    syncHooks.settle = async () => appendFileSync(join(w.dir, 'big.txt'), ' and part two');
    const first = await runAndWait(t, w.admin, w.id);
    expect(await itemsOf(w.admin, first.id)).toEqual([
      { path: 'big.txt', outcome: 'skipped', reason: 'still_writing', from_path: null, asset_id: null },
    ]);
    syncHooks.settle = null;
    const second = await runAndWait(t, w.admin, w.id);
    expect(second.counts).toMatchObject({ new: 1 });
  });

  it('reports links that leave the roots and broken links, and never stops for them', async () => {
    const w = await world();
    writeTree(w.dir, { 'ok.txt': 'fine' });
    symlinkSync('/etc', join(w.dir, 'escape'));
    symlinkSync(join(w.dir, 'nowhere.txt'), join(w.dir, 'broken.txt'));
    symlinkSync(join(w.dir, 'ok.txt'), join(w.dir, 'alias.txt'));
    const r = await runAndWait(t, w.admin, w.id);
    expect(r.status).toBe('done');
    const items = byPath(await itemsOf(w.admin, r.id));
    expect(items.escape).toMatchObject({ outcome: 'skipped', reason: 'outside_root' });
    expect(items['broken.txt']).toMatchObject({ outcome: 'skipped', reason: 'broken_symlink' });
    expect(items['ok.txt']).toMatchObject({ outcome: 'new' });
    expect(items['alias.txt']).toMatchObject({ outcome: 'new' }); // a link inside the roots is followed
    expect(r.nothing_changed).toBe(false);
  });

  it('reports a refused file once and does not try it again until it changes', async () => {
    const w = await world();
    writeTree(w.dir, { 'fake.png': 'this is not a picture' });
    const first = await runAndWait(t, w.admin, w.id);
    expect(await itemsOf(w.admin, first.id)).toEqual([
      { path: 'fake.png', outcome: 'failed', reason: 'refused_type', from_path: null, asset_id: null },
    ]);
    const hashed = hashStats.files;
    const second = await runAndWait(t, w.admin, w.id);
    expect(second).toMatchObject({ nothing_changed: true });
    expect(await itemsOf(w.admin, second.id)).toEqual([]);
    expect(hashStats.files).toBe(hashed);
  });

  it('filters with include and exclude globs', async () => {
    const w = await world({ include: ['*.txt'], exclude: ['drafts/**'] });
    writeTree(w.dir, { 'a.txt': 'a', 'b.md': 'b', 'drafts/c.txt': 'c', 'sub/d.txt': 'd' });
    const r = await runAndWait(t, w.admin, w.id);
    expect(Object.keys(byPath(await itemsOf(w.admin, r.id))).sort()).toEqual(['a.txt', 'sub/d.txt']);
  });

  it('answers the run under way to a second request (one run per source)', async () => {
    const w = await world();
    writeTree(w.dir, { '1.txt': 'one', '2.txt': 'two' });
    let release!: () => void;
    const gate = new Promise<void>((res) => (release = res));
    syncHooks.settle = () => gate;
    const [a, b] = await Promise.all([
      w.admin.post(`/api/asset/sync/source/${w.id}/run`),
      w.admin.post(`/api/asset/sync/source/${w.id}/run`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json().run.id).toBe(b.json().run.id);
    // Started by a schedule meanwhile: the job sees the run under way and does nothing.
    const third = await w.admin.post(`/api/asset/sync/source/${w.id}/run`);
    expect(third.json().run.id).toBe(a.json().run.id);
    release();
    const done = await waitRun(t, w.admin, a.json().run.id);
    expect(done.counts.new).toBe(2);
    const runs = (await w.admin.get(`/api/asset/sync/source/${w.id}/runs`)).json();
    expect(runs.total).toBe(1);
  });

  it('makes its own run when its schedule starts the job', async () => {
    const w = await world({ schedule: 'hourly' });
    writeTree(w.dir, { 's.txt': 'scheduled' });
    const db = t.built.handle.db;
    await enqueue(db, 'sync.run', { sourceId: w.id, trigger: 'schedule' });
    t.built.worker?.wake();
    const deadline = Date.now() + 20_000;
    let run;
    while (!(run = await db.selectFrom('sync_runs').selectAll().where('source_id', '=', w.id).executeTakeFirst()))
      if (Date.now() > deadline) throw new Error('no scheduled run');
      else await new Promise((r) => setTimeout(r, 25));
    const done = await waitRun(t, w.admin, run.id);
    expect(done).toMatchObject({ trigger: 'schedule', started_by: null, status: 'done', counts: { new: 1 } });
  });

  it('resumes a run that died half-way without making a duplicate', async () => {
    const w = await world();
    writeTree(w.dir, Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.txt`, `file ${i}`])));
    let died = false;
    syncHooks.afterFile = (done) => {
      if (!died && done === 3) {
        died = true;
        throw new Error('killed half-way');
      }
    };
    const r = await w.admin.post(`/api/asset/sync/source/${w.id}/run`);
    const run = await waitRun(t, w.admin, r.json().run.id, 30_000);
    expect(died).toBe(true);
    expect(run).toMatchObject({ status: 'done' });
    expect(run.counts).toMatchObject({ new: 6, seen: 6 });
    const assets = await t.built.handle.db
      .selectFrom('sync_entries')
      .select('asset_id')
      .where('source_id', '=', w.id)
      .execute();
    expect(new Set(assets.map((a) => a.asset_id)).size).toBe(6);
    const inFolder = await t.built.handle.db
      .selectFrom('assets')
      .select('id')
      .where('brand_id', '=', w.brand.id)
      .execute();
    expect(inFolder).toHaveLength(6);
  });
});
