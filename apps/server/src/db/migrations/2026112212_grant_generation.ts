import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** What decides a user's roles and permissions (names included). */
const GRANT_TABLES = ['roles', 'permissions', 'role_permissions', 'user_roles', 'user_permissions'];

/**
 * One counter, bumped by triggers in the same transaction as any change to who holds which role
 * or permission. Every request reads it with its token, so a process may keep each user's roles
 * and permissions under it: resolving them (three joins and a union) was most of the database's
 * work per request, and a kept set is never older than the statement that reads the counter.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await sql`create table grant_generation (id integer primary key, n integer not null)`.execute(db);
  await sql`insert into grant_generation (id, n) values (1, 0)`.execute(db);
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function grant_generation_bump() returns trigger language plpgsql as $$
         begin update grant_generation set n = n + 1 where id = 1; return null; end $$`,
      )
      .execute(db);
    for (const t of GRANT_TABLES)
      await sql
        .raw(
          `create trigger ${t}_grant_generation after insert or update or delete or truncate on ${t}
           for each statement execute function grant_generation_bump()`,
        )
        .execute(db);
    return;
  }
  for (const t of GRANT_TABLES)
    for (const event of ['insert', 'update', 'delete'])
      await sql
        .raw(
          `create trigger ${t}_grant_generation_${event} after ${event} on ${t}
           begin update grant_generation set n = n + 1 where id = 1; end`,
        )
        .execute(db);
}
