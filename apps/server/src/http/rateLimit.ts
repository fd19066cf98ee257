import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';

export interface Hit {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so several server processes share them. One
 * atomic upsert per hit; expired windows restart at 1.
 */
export class RateLimiter {
  constructor(
    private db: Db,
    private clock: Clock,
  ) {}

  async hit(key: string, windowSeconds: number): Promise<Hit> {
    const now = this.clock.now().getTime();
    const reset = now + windowSeconds * 1000;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: reset })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
          reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${reset} else rate_limits.reset_at end`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((row.reset_at - now) / 1000)) };
  }

  /** Current count without adding to it (0 when the window has passed). */
  async peek(key: string): Promise<Hit> {
    const now = this.clock.now().getTime();
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || row.reset_at <= now) return { count: 0, retryAfterSeconds: 0 };
    return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((row.reset_at - now) / 1000)) };
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async sweep(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', this.clock.now().getTime()).execute();
  }
}
