import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { compiledOnce } from '../db/compiledOnce.js';
import { keptPlan } from '../db/pgStatements.js';

export interface Hit {
  count: number;
  retryAfterSeconds: number;
}

/** Limits at or above this count their hits in batches (see `hit`). */
const BATCHED_FROM = 100;

interface Local {
  resetAt: number;
  /** The shared count as of this process's last write. */
  shared: number;
  /** Hits counted here and not yet added to the shared count. */
  pending: number;
}

/**
 * Fixed-window counters kept in the database, so several server processes share them; expired
 * windows restart at 1. A limit below 100 (sign-in, creation) writes every hit, so it is exact
 * across processes. A high limit on a busy read (600 list calls a minute) would otherwise put a
 * write in every request: its hits are added to the shared count `max / 20` at a time, so one
 * process is still exact, and each other process can add at most one unwritten batch.
 */
export class RateLimiter {
  private local = new Map<string, Local>();
  /** The upsert below, compiled once: a busy read runs it every `max / 20` hits. */
  private upsert;

  constructor(
    private db: Db,
    private clock: Clock,
  ) {
    this.upsert = compiledOnce(db, (key: string, n: number, now: number, reset: number) =>
      db
        .insertInto('rate_limits')
        .values({ key, count: n, reset_at: reset })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${now} then ${n} else rate_limits.count + ${n} end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${reset} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .modifyEnd(keptPlan),
    );
  }

  async hit(key: string, windowSeconds: number, max = 0): Promise<Hit> {
    const now = this.clock.now().getTime();
    const batch = max >= BATCHED_FROM ? Math.floor(max / 20) : 1;
    if (batch === 1) return hitOf(await this.add(key, windowSeconds, 1, now), now);
    let l = this.local.get(key);
    if (l && l.resetAt <= now) l = undefined;
    if (l && l.pending + 1 < batch) {
      l.pending += 1;
      return { count: l.shared + l.pending, retryAfterSeconds: secondsUntil(l.resetAt, now) };
    }
    const pending = (l?.pending ?? 0) + 1;
    const row = await this.add(key, windowSeconds, pending, now);
    if (this.local.size >= 10_000) this.forgetExpired(now);
    this.local.set(key, { resetAt: row.reset_at, shared: row.count, pending: 0 });
    return hitOf(row, now);
  }

  /** Adds `n` hits to the shared count in one atomic upsert. */
  private async add(key: string, windowSeconds: number, n: number, now: number) {
    const [row] = await this.upsert(key, n, now, now + windowSeconds * 1000);
    return row!;
  }

  private forgetExpired(now: number) {
    for (const [k, l] of this.local) if (l.resetAt <= now) this.local.delete(k);
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
    return { count: row.count, retryAfterSeconds: secondsUntil(row.reset_at, now) };
  }

  /** Takes back one hit of an unbatched limit (a sign-in that turned out right). */
  async release(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  }

  async clear(key: string): Promise<void> {
    this.local.delete(key);
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async sweep(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', this.clock.now().getTime()).execute();
  }
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));
const hitOf = (row: { count: number; reset_at: number }, now: number): Hit => ({
  count: row.count,
  retryAfterSeconds: secondsUntil(row.reset_at, now),
});
