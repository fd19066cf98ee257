import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Rate-limit counters are hit on every limited request. On PostgreSQL each hit was a commit that
 * waited for the WAL to reach the disk; unlogged, a hit is a memory-speed write. A crash empties
 * the table, which only forgets the current windows' counts. (SQLite in WAL mode with
 * synchronous=NORMAL already commits without a sync.)
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`alter table rate_limits set unlogged`.execute(db);
}
