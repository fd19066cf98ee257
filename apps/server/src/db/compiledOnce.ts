import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index.js';

const STAND_IN = '\u0000arg:';

/**
 * A statement every request runs (sign-in, the folder, the rate limit), built and compiled once
 * and then run with new values: Kysely builds and compiles a query anew each time, and for these
 * few that was about a tenth of a busy list request's CPU. `build` is called once, with stand-ins
 * for its arguments; the other values the query holds (separators, literals) stay as compiled.
 * Only for queries whose shape never depends on the arguments (no `in` lists, no optional parts).
 */
export function compiledOnce<A extends unknown[], R>(db: Db, build: (...args: A) => Compilable<R>) {
  let compiled: CompiledQuery<R> | undefined;
  let slots: (number | { value: unknown })[] = [];
  return async (...args: A): Promise<R[]> => {
    if (!compiled) {
      compiled = build(...(args.map((_, i) => `${STAND_IN}${i}`) as A)).compile();
      slots = compiled.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(STAND_IN) ? Number(p.slice(STAND_IN.length)) : { value: p },
      );
      const used = new Set(slots.filter((s) => typeof s === 'number'));
      if (used.size !== args.length) throw new Error('compiledOnce: every argument must be a value of the query');
    }
    const parameters = slots.map((s) => (typeof s === 'number' ? args[s] : s.value));
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}
