import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { sourceBody, syncWorld } from './sync.fixtures.js';
import { nextDailyAt } from './sync.service.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof syncWorld>>;
beforeAll(async () => {
  t = await startApp();
  w = await syncWorld(t);
});
afterAll(async () => t?.close());

const schedules = () =>
  t.built.handle.db.selectFrom('job_schedules').selectAll().where('key', 'like', 'nas.sync:%').execute();

describe('sync sources', () => {
  it('creates a manual source with no schedule, lists it with abilities, and audits it', async () => {
    const r = await w.admin.post('/api/asset/sync/source', sourceBody(w, { include: ['**/*.jpg'] }));
    expect(r.statusCode).toBe(201);
    const s = r.json().source;
    expect(s).toMatchObject({
      name: 'NAS',
      brand: { id: w.brand.id },
      folder: { id: w.folder, name: 'Synced', path: 'Synced' },
      schedule: 'manual',
      include: ['**/*.jpg'],
      on_missing: 'remove',
      watch: true,
      enabled: true,
      asset_count: 0,
      last_run: null,
      next_run_at: null,
      abilities: { update: true, delete: true, run: true },
    });
    expect((await schedules()).filter((x) => x.key === `nas.sync:${s.id}`)).toEqual([]);
    const list = (await w.admin.get(`/api/asset/sync/source/list?brand_id=${w.brand.id}`)).json();
    expect(list.items.map((i: { id: number }) => i.id)).toContain(s.id);
    const audit = (await w.admin.get('/api/ops/audit/all?event=sync.source_create')).json().items;
    expect(audit[0].target).toMatchObject({ type: 'sync_source', id: s.id, label: 'NAS' });
  });

  it('turns hourly and daily schedules into job_schedules rows, and manual removes it', async () => {
    const made = (await w.admin.post('/api/asset/sync/source', sourceBody(w, { schedule: 'hourly' }))).json().source;
    let row = (await schedules()).find((x) => x.key === `nas.sync:${made.id}`)!;
    expect(row).toMatchObject({ name: 'sync.run', every_seconds: 3600, enabled: 1 });
    expect(JSON.parse(row.payload)).toEqual({ sourceId: made.id, trigger: 'schedule' });
    expect((await w.admin.get(`/api/asset/sync/source/${made.id}`)).json().source.next_run_at).toBe(row.next_run_at);

    const daily = await w.admin.put(
      `/api/asset/sync/source/${made.id}`,
      sourceBody(w, { schedule: 'daily', daily_at: '03:30' }),
    );
    expect(daily.statusCode).toBe(200);
    row = (await schedules()).find((x) => x.key === `nas.sync:${made.id}`)!;
    expect(row.every_seconds).toBe(86400);
    const at = new Date(row.next_run_at);
    expect([at.getHours(), at.getMinutes()]).toEqual([3, 30]);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect(at.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);

    await w.admin.put(`/api/asset/sync/source/${made.id}`, sourceBody(w, { schedule: 'manual' }));
    expect((await schedules()).find((x) => x.key === `nas.sync:${made.id}`)).toBeUndefined();
    const audit = (await w.admin.get('/api/ops/audit/all?event=sync.source_update')).json().items;
    expect(audit[0].changes.schedule).toEqual({ before: 'daily', after: 'manual' });

    expect((await w.admin.req('DELETE', `/api/asset/sync/source/${made.id}`)).statusCode).toBe(200);
    expect((await w.admin.get(`/api/asset/sync/source/${made.id}`)).statusCode).toBe(404);
    expect((await w.admin.get('/api/ops/audit/all?event=sync.source_delete')).json().items[0].target.id).toBe(made.id);
  });

  it('finds the next HH:MM after now, today or tomorrow', () => {
    const now = new Date(2026, 10, 27, 12, 0);
    expect(nextDailyAt('13:15', now)).toEqual(new Date(2026, 10, 27, 13, 15));
    expect(nextDailyAt('12:00', now)).toEqual(new Date(2026, 10, 28, 12, 0));
  });

  it('answers 422 on path outside the roots, missing or not a directory, in en and es', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'bv-outside-'));
    const link = join(t.syncRoot, `leaves-${w.brand.id}`);
    symlinkSync(outside, link);
    const file = join(t.syncRoot, `file-${w.brand.id}.txt`);
    writeFileSync(file, 'x');
    const cases: [string, RegExp][] = [
      [outside, /inside one of the server's sync roots/],
      [link, /inside one of the server's sync roots/],
      ['relative/dir', /inside one of the server's sync roots/],
      [join(t.syncRoot, 'nope'), /existing directory/],
      [file, /existing directory/],
    ];
    for (const [path, msg] of cases) {
      const r = await w.admin.post('/api/asset/sync/source', sourceBody(w, { path }));
      expect(r.statusCode, path).toBe(422);
      expect(r.json().error.fields.path).toMatch(msg);
    }
    const spanish = await makeUser(t, w.admin, { roles: ['admin'], lang: 'es' });
    const es = await spanish.client.post('/api/asset/sync/source', sourceBody(w, { path: outside }));
    expect(es.json().error.fields.path).toMatch(/^Ruta debe ser una carpeta dentro/);
  });

  it('answers 422 when no roots are configured, and lists none', async () => {
    const bare = await startApp({ SYNC_ROOTS: '' });
    try {
      const bw = await syncWorld(bare);
      const r = await bw.admin.post('/api/asset/sync/source', sourceBody(bw));
      expect(r.statusCode).toBe(422);
      expect(r.json().error.fields.path).toMatch(/no sync roots are configured/);
      expect((await bw.admin.get('/api/asset/sync/roots')).json()).toEqual({ roots: [] });
    } finally {
      await bare.close();
    }
  });

  it('answers 422 for a folder of another brand and 404 for a brand the manager does not manage', async () => {
    const other = await makeBrand(w.admin);
    const r = await w.admin.post('/api/asset/sync/source', sourceBody(w, { folder_id: other.root }));
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.folder_id).toBe('Folder must be a folder of the chosen brand');
    expect(
      (await w.admin.post('/api/asset/sync/source', sourceBody(w, { daily_at: null, schedule: 'daily' }))).statusCode,
    ).toBe(422);

    const manager: Client = (await makeUser(t, w.admin, { roles: ['manager'], brands: [w.brand.id] })).client;
    expect((await manager.post('/api/asset/sync/source', sourceBody(w))).statusCode).toBe(201);
    const away = await manager.post(
      '/api/asset/sync/source',
      sourceBody({ brand: other, folder: other.root, dir: w.dir }),
    );
    expect(away.statusCode).toBe(404);
    const member: Client = (await makeUser(t, w.admin, { roles: ['member'], brands: [w.brand.id] })).client;
    expect((await member.post('/api/asset/sync/source', sourceBody(w))).statusCode).toBe(403);
    const seen = (await member.get('/api/asset/sync/source/list')).json();
    expect(seen.items.length).toBeGreaterThan(0);
    expect(seen.items[0].abilities).toEqual({ update: false, delete: false, run: false });
    mkdirSync(join(w.dir, 'sub'), { recursive: true });
  });
});
