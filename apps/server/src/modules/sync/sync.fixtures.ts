import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { adminClient, makeBrand, makeFolder } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

/** Writes `files` (relative path → text) under `root`, making directories as needed. */
export function writeTree(root: string, files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** A brand, a target folder and a directory under the app's sync root, for one test. */
export async function syncWorld(t: TestApp, admin?: Client) {
  const a = admin ?? (await adminClient(t));
  const brand = await makeBrand(a);
  const folder = await makeFolder(a, brand.id, 'Synced', brand.root);
  const dir = join(t.syncRoot, `src-${brand.id}`);
  mkdirSync(dir, { recursive: true });
  return { admin: a, brand, folder, dir };
}

export const sourceBody = (w: { brand: { id: number }; folder: number; dir: string }, over: object = {}) => ({
  name: 'NAS',
  path: w.dir,
  brand_id: w.brand.id,
  folder_id: w.folder,
  schedule: 'manual',
  ...over,
});

/** Asks for a run and waits for it to end; the finished run. */
export async function runAndWait(t: TestApp, c: Client, sourceId: number, timeoutMs = 20_000) {
  const r = await c.post(`/api/asset/sync/source/${sourceId}/run`);
  if (r.statusCode !== 202) throw new Error(`run: ${r.statusCode} ${r.body}`);
  return waitRun(t, c, r.json().run.id as number, timeoutMs);
}

export async function waitRun(t: TestApp, c: Client, runId: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    t.built.worker?.wake();
    const run = (await c.get(`/api/asset/sync/run/${runId}`)).json().run;
    if (run.status === 'done' || run.status === 'failed') return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

export async function itemsOf(c: Client, runId: number) {
  return (await c.get(`/api/asset/sync/run/${runId}/items?per_page=200`)).json().items as {
    path: string;
    outcome: string;
    reason: string | null;
    from_path: string | null;
    asset_id: number | null;
  }[];
}
