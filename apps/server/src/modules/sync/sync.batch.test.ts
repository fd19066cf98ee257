import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';
import { importHooks } from './sync.batch.js';
import { itemsOf, runAndWait, sourceBody, syncWorld, writeTree } from './sync.fixtures.js';
import { hashStats } from './sync.scan.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());
afterEach(() => {
  importHooks.open = null;
  importHooks.inTransaction = null;
});

async function world() {
  const w = await syncWorld(t);
  const s = (await w.admin.post('/api/asset/sync/source', sourceBody(w))).json().source;
  return { ...w, id: s.id as number };
}
const assetsOf = (brandId: number) =>
  t.built.handle.db.selectFrom('assets').select(['name', 'blob_key']).where('brand_id', '=', brandId).execute();

describe('first import in batches', () => {
  it('reads each new file once, start to end', async () => {
    const w = await world();
    const files = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`d${i % 2}/f${i}.txt`, `bytes of ${i} `.repeat(i + 1)]),
    );
    writeTree(w.dir, files);
    const opened = new Map<string, number>();
    const bytes = new Map<string, number>();
    importHooks.open = (path) => {
      const rel = path.slice(w.dir.length + 1);
      opened.set(rel, (opened.get(rel) ?? 0) + 1);
      const count = new Transform({
        transform(chunk: Buffer, _enc, next) {
          bytes.set(rel, (bytes.get(rel) ?? 0) + chunk.length);
          next(null, chunk);
        },
      });
      return createReadStream(path).pipe(count);
    };
    const hashed = hashStats.files;
    const run = await runAndWait(t, w.admin, w.id);
    expect(run.counts).toMatchObject({ seen: 5, new: 5, failed: 0 });
    expect(Object.fromEntries(opened)).toEqual(Object.fromEntries(Object.keys(files).map((rel) => [rel, 1])));
    expect(Object.fromEntries(bytes)).toEqual(
      Object.fromEntries(Object.entries(files).map(([rel, text]) => [rel, Buffer.byteLength(text)])),
    );
    expect(hashStats.files).toBe(hashed); // no separate hashing pass
    expect(await assetsOf(w.brand.id)).toHaveLength(5);
  });

  it('reports a file that fails in a batch and still imports the others of that batch', async () => {
    const w = await world();
    writeTree(w.dir, {
      'a.txt': 'alpha',
      'b.txt': 'bravo',
      'bad.txt': 'fails among its rows',
      'c.txt': 'charlie',
      'fake.png': 'no picture',
    });
    importHooks.inTransaction = (rel) => {
      if (rel === 'bad.txt') throw new Error('this file cannot be written');
    };
    const run = await runAndWait(t, w.admin, w.id);
    expect(run).toMatchObject({ status: 'done' });
    expect(run.counts).toMatchObject({ seen: 5, new: 3, failed: 2 });
    const items = Object.fromEntries((await itemsOf(w.admin, run.id)).map((i) => [i.path, i]));
    expect(items['bad.txt']).toMatchObject({ outcome: 'failed', reason: 'error', asset_id: null });
    expect(items['fake.png']).toMatchObject({ outcome: 'failed', reason: 'refused_type' });
    for (const p of ['a.txt', 'b.txt', 'c.txt']) expect(items[p]).toMatchObject({ outcome: 'new' });
    const assets = await assetsOf(w.brand.id);
    expect(assets.map((a) => a.name).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    // Every imported asset has its upload in the audit log.
    const audit = (await w.admin.get('/api/ops/audit/all?event=asset.upload&per_page=100')).json().items;
    const ids = new Set(audit.map((e: { target: { id: number } }) => e.target.id));
    for (const i of ['a.txt', 'b.txt', 'c.txt']) expect(ids.has(items[i]!.asset_id)).toBe(true);

    // Its stored copy went with its rows: no blob of it stays behind.
    const stored = readdirSync(join(t.dataDir, 'blobs', 'originals'), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => readFileSync(join(d.parentPath, d.name), 'utf8'));
    expect(stored).toContain('charlie');
    expect(stored).not.toContain('fails among its rows');

    // The failed file is not tried again until it changes.
    importHooks.inTransaction = null;
    const again = await runAndWait(t, w.admin, w.id);
    expect(again).toMatchObject({ nothing_changed: true });
  });
});
