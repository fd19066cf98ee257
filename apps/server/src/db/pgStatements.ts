import pg from 'pg';

/** Statements that read or write rows; DDL is left unnamed (a cached plan must not outlive it). */
const DML = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it each time: for the few
 * statements of a busy list request (sign-in, rate limit, folder) planning cost more than
 * running them. Named, each connection parses a statement once and, after a few runs, PostgreSQL
 * may keep a generic plan (it does so only when that plan costs no more than the custom ones).
 * Names are given per SQL text, up to `limit` texts per process; others stay unnamed.
 */
export function namedStatementClient(limit = 500): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < limit && DML.test(text)) names.set(text, (name = `bv${names.size}`));
    return name;
  };
  class NamedStatementClient extends pg.Client {
    // pg's overloads are many; Kysely calls query(text, values) and expects a promise.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      const name = typeof text === 'string' && Array.isArray(values) && args.length === 2 ? nameOf(text) : undefined;
      const call = super.query as (...a: unknown[]) => never;
      return name ? call.call(this, { name, text, values }) : call.apply(this, args);
    }
  }
  return NamedStatementClient;
}
