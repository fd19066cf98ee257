import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

export function healthRepo(db: Db) {
  return {
    /** One round trip to the database; throws when it cannot be reached. */
    ping: async () => {
      await sql`select 1`.execute(db);
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    health: ReturnType<typeof healthRepo>;
  }
}
