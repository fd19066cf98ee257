/**
 * How a process hears that a notification was stored, whichever process stored it (the server
 * runs several, and the fan-out job runs in whichever one claimed it). Streams subscribe per
 * user; `publish` is called after the notification's commit.
 *
 * Drivers: `pollingBroker` needs nothing but the database (the default); a Redis pub/sub driver
 * would publish to a channel per deployment and fan in on subscribe, behind the same interface.
 */
export interface NotificationBroker {
  /** A notification of `userId` was committed. */
  publish(userId: number, notificationId: number): void;
  /**
   * Calls `listener` with the id of each notification of `userId` stored from now on (possibly
   * more than once, and possibly late; listeners read what is new themselves). Resolves once
   * anything committed after it resolves will be heard of; returns the unsubscribe function.
   */
  subscribe(userId: number, listener: (notificationId: number) => void): Promise<() => void>;
  /** Stops listening (the app closes). */
  close(): void;
}

export interface PollingSource {
  /** The newest notification id now. */
  latest(): Promise<number>;
  /** Notifications after `afterId` and those in `also`, oldest first, at most `limit`. */
  since(afterId: number, also: number[], limit: number): Promise<{ id: number; user_id: number }[]>;
}

const BATCH = 500;
/** How long an id skipped by a poll is looked for again (a PostgreSQL transaction that committed late). */
const GAP_MS = 10_000;
const GAPS_MAX = 1000;

/**
 * The database alone: one poller per process, running only while the process has subscribers,
 * reads `notifications where id > last` (the primary key: a cheap range) every `intervalMs`.
 * `publish` (the fan-out ran in this process) polls at once. On PostgreSQL ids are taken in order
 * but may commit out of it: an id skipped over is looked for again for GAP_MS.
 */
export function pollingBroker(
  source: PollingSource,
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): NotificationBroker {
  const intervalMs = opts.intervalMs ?? 200;
  const listeners = new Map<number, Set<(id: number) => void>>();
  const gaps = new Map<number, number>();
  let last = 0;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started: Promise<void> | null = null;
  let closed = false;

  const active = () => !closed && listeners.size > 0;

  async function pollOnce() {
    const now = Date.now();
    for (const [id, until] of gaps) if (until < now) gaps.delete(id);
    const rows = await source.since(last, [...gaps.keys()], BATCH);
    for (const r of rows) {
      gaps.delete(r.id);
      if (r.id > last) {
        for (let skipped = last + 1; skipped < r.id && gaps.size < GAPS_MAX; skipped++) gaps.set(skipped, now + GAP_MS);
        last = r.id;
      }
      for (const l of listeners.get(r.user_id) ?? []) l(r.id);
    }
    return rows.length === BATCH;
  }

  /** One poll at a time; a poll asked for while one runs runs once it ends. */
  function poll(): Promise<void> {
    if (running) return running.then(() => (active() ? poll() : undefined));
    running = (async () => {
      try {
        while ((await pollOnce()) && active());
      } catch (err) {
        opts.onError?.(err);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function schedule() {
    if (timer || !active()) return;
    timer = setTimeout(() => {
      timer = null;
      void poll().then(schedule);
    }, intervalMs);
    timer.unref();
  }

  async function start() {
    last = await source.latest();
    gaps.clear();
    schedule();
  }

  return {
    publish(userId) {
      if (listeners.has(userId)) void poll();
    },
    async subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      listeners.set(userId, set);
      set.add(listener);
      if (listeners.size === 1 && !timer && !running) started = start();
      try {
        await started;
      } catch (err) {
        set.delete(listener);
        if (!set.size) listeners.delete(userId);
        started = null;
        throw err;
      }
      schedule(); // a poll that ran meanwhile (publish) may have found nobody to schedule for
      return () => {
        set.delete(listener);
        if (!set.size) listeners.delete(userId);
        if (!listeners.size && timer) {
          clearTimeout(timer);
          timer = null;
        }
      };
    },
    close() {
      closed = true;
      listeners.clear();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
