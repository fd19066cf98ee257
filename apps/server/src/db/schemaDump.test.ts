import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { migrationNames } from './migrate.js';
import { REGENERATE, dumpPath, freshDump } from './schemaDump.js';
import { formatStatement, splitStatements } from './sqlText.js';

const dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const here = dirname(fileURLToPath(import.meta.url));

describe('schema dumps', () => {
  it('migrate.ts runs every migration file of src/db/migrations', () => {
    const files = readdirSync(join(here, 'migrations'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -'.ts'.length))
      .sort();
    expect(migrationNames(), 'import each migration file in src/db/migrate.ts and list it in `steps`').toEqual(files);
  });

  it(`src/db/${basename(dumpPath(dialect))} is the schema the migrations build`, async () => {
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (dialect === 'postgres' && !databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const built = await freshDump(dialect, databaseUrl);
    const file = dumpPath(dialect);
    const committed = existsSync(file) ? readFileSync(file, 'utf8') : '';
    expect(
      built,
      `src/db/${basename(file)} does not match what the migrations build. After changing or adding a ` +
        `migration, regenerate the dumps with \`${REGENERATE}\` (from the repository root; PostgreSQL ` +
        `at TEST_DATABASE_URL, by default postgres://postgres@127.0.0.1:5432/test) and commit them with it.`,
    ).toBe(committed);
  }, 120_000);

  it('builds the same dump on another day (rows a migration dates from the day it runs)', async () => {
    const today = await freshDump('sqlite');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-02-03T23:59:00.000Z'));
      expect(await freshDump('sqlite')).toBe(today);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);

  it('lays out each statement of the dumps the same way again', () => {
    for (const d of ['sqlite', 'postgres'] as const) {
      const file = dumpPath(d);
      if (!existsSync(file)) continue;
      const text = readFileSync(file, 'utf8').replaceAll('{schema}', 'the_schema');
      for (const stmt of splitStatements(text).filter((s) => s.startsWith('create')))
        expect(formatStatement(stmt), `${basename(file)}: ${stmt.split('\n')[0]}`).toBe(stmt);
    }
  });
});

describe('sqlText', () => {
  it('normalizes what does not change the meaning: case, quotes that are not needed, space, comments', () => {
    const a = formatStatement(`CREATE TABLE "users" ("id" integer  primary key, -- the key
      "Name" varchar(10) default 'A  b' COLLATE "C")`);
    const b = formatStatement(
      `create table users (id INTEGER primary key, "Name" varchar (10) default 'A  b' collate "C")`,
    );
    expect(a).toBe(b);
    expect(a).toContain(`"Name" varchar(10) default 'A  b' collate "C"`);
    expect(formatStatement(`select 'x'`)).not.toBe(formatStatement(`select 'X'`));
  });

  it('splits a script at the semicolons that end statements', () => {
    const script = `
      -- a comment; with a semicolon
      create table t (a int);
      create trigger t_ai after insert on t begin
        update t set a = case when new.a > 0 then 1 else 0 end; delete from t where a = 2;
      end;
      create function f() returns trigger language plpgsql as $$ begin return null; end $$;
      select ';'`;
    expect(splitStatements(script)).toEqual([
      'create table t (a int)',
      `create trigger t_ai after insert on t begin
        update t set a = case when new.a > 0 then 1 else 0 end; delete from t where a = 2;
      end`,
      'create function f() returns trigger language plpgsql as $$ begin return null; end $$',
      "select ';'",
    ]);
  });
});
