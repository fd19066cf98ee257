import { sql } from 'kysely';
import pg from 'pg';

const MARK = '/* kept plan */';

/**
 * Appended (`.modifyEnd(keptPlan)`) to the few statements every request runs (sign-in, folder,
 * rate limit). Kysely sends every query unnamed, so PostgreSQL parses and plans it each time, and
 * for these planning cost more than running them. Marked ones are named: each connection parses
 * them once and PostgreSQL may keep a generic plan. Only these: a search's best plan depends on
 * its values (a prefix, a large category), and a generic plan for those was up to 8× slower.
 */
export const keptPlan = sql.raw(MARK);

export function namedStatementClient(): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    if (!text.endsWith(MARK)) return undefined;
    let name = names.get(text);
    if (!name) names.set(text, (name = `bv${names.size}`));
    return name;
  };
  class NamedStatementClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // A client checked out between two queries (in a transaction) has no pool listener: when
      // PostgreSQL restarts, its 'error' would crash the process. The pending or next query fails
      // instead, and the pool drops the client when it comes back unqueryable.
      this.on('error', () => undefined);
    }

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
