import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, dialect, makeBrand, startApp } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';
import { loadConfig } from '../config/config.js';
import { SQLITE_FILE } from '../db/index.js';
import { backup, MANIFEST, restore } from './backup.js';

let t: TestApp;
const scratch = mkdtempSync(join(tmpdir(), 'bv-backup-'));

beforeAll(async () => {
  t = await startApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The settings `npm run backup` would read for this app's data (only the URL's kind matters here). */
const configOf = (app: TestApp, dataDir = app.dataDir) =>
  loadConfig({
    DATA_DIR: dataDir,
    ...(dialect === 'postgres' ? { DATABASE_URL: 'postgres://db.test/brandvault' } : {}),
  });

describe.runIf(dialect === 'sqlite')('npm run backup / restore (SQLite)', () => {
  it('copies the live database and the stored files; a restored data dir starts with the data', async () => {
    const admin = await adminClient(t);
    const brand = await makeBrand(admin, 'Kept through a restore');
    // A stored file of the local driver (any key under DATA_DIR/blobs).
    mkdirSync(join(t.dataDir, 'blobs', 'ab'), { recursive: true });
    writeFileSync(join(t.dataDir, 'blobs', 'ab', 'file'), 'original bytes');

    const target = join(scratch, 'backup-1');
    // The app keeps running (and holding the database open) while the copy is made.
    const report = await backup(configOf(t), target, { withBlobs: true });
    expect(report.manifest?.blobs).toBe(true);
    expect(report.lines.join('\n')).toMatch(/generated and is inside the database copy/);
    expect(existsSync(join(target, MANIFEST))).toBe(true);

    const fresh = join(scratch, 'restored');
    await restore(configOf(t, fresh), target);
    expect(readFileSync(join(fresh, 'blobs', 'ab', 'file'), 'utf8')).toBe('original bytes');

    const restored = await startApp({ DATA_DIR: fresh });
    try {
      const again = await adminClient(restored);
      const r = await again.get(`/api/ops/brand/${brand.id}`);
      expect(r.statusCode).toBe(200);
      expect(r.json().brand?.name ?? r.json().name).toBe('Kept through a restore');
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore into a data dir that is not empty, and a damaged copy', async () => {
    const target = join(scratch, 'backup-2');
    await backup(configOf(t), target);
    await expect(restore(configOf(t), target)).rejects.toThrow(/DATA_DIR \(.*\) is not empty/);

    writeFileSync(join(target, SQLITE_FILE), 'not the database');
    await expect(restore(configOf(t, join(scratch, 'empty')), target)).rejects.toThrow(/does not match its checksum/);
    // Nothing was written into the refused folder.
    expect(existsSync(join(scratch, 'empty', SQLITE_FILE))).toBe(false);
  });
});

describe.runIf(dialect === 'postgres')('npm run backup (PostgreSQL)', () => {
  it('writes nothing and gives the pg_dump and pg_restore commands', async () => {
    const target = join(scratch, 'pg');
    const report = await backup(configOf(t), target);
    expect(report.manifest).toBeNull();
    expect(report.lines.join('\n')).toMatch(/pg_dump --format=custom .*"\$DATABASE_URL"/);
    expect(report.lines.join('\n')).toMatch(/pg_restore /);
    expect(existsSync(target)).toBe(false);
  });
});
