import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { enqueueAny } from '../jobs/queue.js';
import type { EventName, EventPayload } from './catalogue.js';
import type { Subscription } from './subscribe.js';
import { subscriptions as table } from './subscriptions.js';

/**
 * Records that `name` happened: enqueues each subscribed job through `tx`, the transaction that
 * makes the change, so the jobs exist exactly when the change commits (a rollback leaves none).
 * Returns the ids of the jobs enqueued; when there are any, call `deps.wake?.()` after the commit.
 * `subscriptions` replaces the table (tests).
 */
export async function emit<E extends EventName>(
  tx: Db,
  name: E,
  payload: EventPayload<E>,
  opts: { clock?: Clock; subscriptions?: readonly Subscription[] } = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (const s of opts.subscriptions ?? table) {
    if (s.event !== name) continue;
    const jobPayload = (s as Subscription<E>).payload(payload);
    if (jobPayload === null) continue;
    const options = (s as Subscription<E>).options?.(payload) ?? {};
    const id = await enqueueAny(tx, s.job, jobPayload, { ...options, clock: opts.clock });
    if (id !== null) ids.push(id);
  }
  return ids;
}
