import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The audit log: one row per recorded event, chained by hash (each row stores the SHA-256 of
 * its canonical bytes and the previous row's hash). `audit_head` is the single row every writer
 * updates first, which serialises writers so the chain never forks, and which anchors the tail
 * so a row appended behind the application's back is noticed. Rows refuse update and delete.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('audit_log')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().unique())
    .addColumn('event', 'varchar(64)', (c) => c.notNull())
    .addColumn('section', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('emulator_id', 'integer')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('request_id', 'varchar(64)')
    // What the entry is about, also inside details: a column so "everything about this user" is indexed.
    .addColumn('target_type', 'varchar(16)')
    .addColumn('target_id', 'integer')
    // JSON text: target, changes (before/after) and the event's own fields.
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('prev_hash', 'char(64)', (c) => c.notNull())
    .addColumn('hash', 'char(64)', (c) => c.notNull())
    .execute();
  // The screen's filters: newest first overall, by user, by event and by section.
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'seq']).execute();
  await db.schema.createIndex('audit_log_event').on('audit_log').columns(['event', 'seq']).execute();
  await db.schema.createIndex('audit_log_section').on('audit_log').columns(['section', 'seq']).execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at']).execute();
  await db.schema
    .createIndex('audit_log_target')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'seq'])
    .execute();
  await db.schema.createIndex('audit_log_emulator').on('audit_log').columns(['emulator_id', 'seq']).execute();

  await db.schema
    .createTable('audit_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'char(64)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('audit_head')
    .values({ id: 1, seq: 0, hash: '0'.repeat(64) })
    .execute();

  const statements = pg
    ? [
        `create function audit_log_refuse() returns trigger language plpgsql as $$
         begin
           raise exception 'audit entries cannot be changed or removed';
         end $$`,
        `create trigger audit_log_no_change before update or delete on audit_log
           for each row execute function audit_log_refuse()`,
        `create trigger audit_log_no_truncate before truncate on audit_log
           for each statement execute function audit_log_refuse()`,
      ]
    : [
        `create trigger audit_log_no_update before update on audit_log
         begin select raise(abort, 'audit entries cannot be changed'); end`,
        `create trigger audit_log_no_delete before delete on audit_log
         begin select raise(abort, 'audit entries cannot be removed'); end`,
      ];
  for (const stmt of statements) await sql.raw(stmt).execute(db);
}
