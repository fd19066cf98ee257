import type { Db } from '../../db/index.js';

export interface ThrottleRow {
  email: string;
  failures: number;
  last_at: number;
  next_at: number;
  locked_until: number | null;
}

/** Failed sign-ins per e-mail address (see migration 2026112501). */
export function loginThrottleRepo(db: Db) {
  return {
    byEmail: (email: string) =>
      db.selectFrom('login_throttles').selectAll().where('email', '=', email).executeTakeFirst(),

    byEmails: (emails: string[]) =>
      emails.length
        ? db.selectFrom('login_throttles').selectAll().where('email', 'in', emails).execute()
        : Promise.resolve([]),

    /**
     * Writes `next` only if the row is still as `seen` was read (or still absent): of attempts
     * that raced, exactly one gets true.
     */
    async claim(seen: ThrottleRow | undefined, next: ThrottleRow): Promise<boolean> {
      if (!seen) {
        const r = await db
          .insertInto('login_throttles')
          .values(next)
          .onConflict((oc) => oc.column('email').doNothing())
          .returning('email')
          .executeTakeFirst();
        return r !== undefined;
      }
      const r = await db
        .updateTable('login_throttles')
        .set({
          failures: next.failures,
          last_at: next.last_at,
          next_at: next.next_at,
          locked_until: next.locked_until,
        })
        .where('email', '=', seen.email)
        .where('failures', '=', seen.failures)
        .where('last_at', '=', seen.last_at)
        .returning('email')
        .executeTakeFirst();
      return r !== undefined;
    },

    async clear(email: string) {
      await db.deleteFrom('login_throttles').where('email', '=', email).execute();
    },

    /** Rows whose last failure is older than `before` say nothing any more. */
    async sweep(before: number) {
      await db
        .deleteFrom('login_throttles')
        .where('last_at', '<', before)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
        .execute();
    },
  };
}
export type LoginThrottleRepo = ReturnType<typeof loginThrottleRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    loginThrottles: ReturnType<typeof loginThrottleRepo>;
  }
}
