import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.js';
import { searchMaintenanceRepo } from './search.maintenance.repo.js';
import { dialect } from '../../../test/dialect.js';
import { openTestDb } from '../../../test/jobsDb.js';
import type { TestDb } from '../../../test/jobsDb.js';
import { assetRow, brandWithRoot } from '../../../test/assetRow.js';

// SQLite only: what a bulk job hands back of the database file (PostgreSQL maps nothing).
let t: TestDb;
let reader: Db;
let file: string;

/** KiB of the database file this process has resident through memory maps (all connections). */
const mappedKb = () => {
  let kb = 0;
  let inFile = false;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inFile = line.endsWith(` ${file}`);
    else if (inFile && line.startsWith('Rss:')) kb += Number(/\d+/.exec(line)![0]);
  }
  return kb;
};
/** Reads every asset row, as a batch of an apply reads what it writes. */
const scan = () => sql`select sum(length(description)) as n from assets`.execute(reader);
/** The bytes SQLite maps at most on this connection (what openDb asked for, within the build's limit). */
const mmapSize = async () => (await sql<{ mmap_size: number }>`pragma mmap_size`.execute(reader)).rows[0]!.mmap_size;

beforeAll(async () => {
  if (dialect !== 'sqlite') return;
  t = await openTestDb();
  const { brandId, folderId } = await brandWithRoot(t.db, 'Release');
  // About 4 MB of descriptions, written to the file itself, so reads go through its map.
  for (let i = 0; i < 2000; i += 200)
    await t.db
      .insertInto('assets')
      .values(
        Array.from(
          { length: 200 },
          (_, j) => assetRow(brandId, folderId, `rel${i + j}`, { description: `${i + j} `.repeat(400) }) as never,
        ),
      )
      .execute();
  await sql`pragma wal_checkpoint(truncate)`.execute(t.db);
  // A connection of its own, so nothing it reads is already in a page cache.
  reader = t.connect().db;
  file = (await sql<{ file: string }>`pragma database_list`.execute(reader)).rows[0]!.file;
});
afterAll(() => t?.close());

describe.skipIf(dialect !== 'sqlite')('releasing the connection after a bulk write', () => {
  it('unmaps the pages it read and keeps the memory map for the next reads', async () => {
    const mapping = await mmapSize();
    expect(mapping).toBeGreaterThan(1e9);
    const before = mappedKb();
    await scan();
    const read = mappedKb() - before;
    expect(read).toBeGreaterThan(2048);

    await searchMaintenanceRepo(reader).releaseCache();
    expect(mappedKb() - before).toBeLessThan(read / 10);
    expect(await mmapSize()).toBe(mapping);

    await scan();
    expect(mappedKb() - before).toBeGreaterThan(read * 0.9);
  });
});
