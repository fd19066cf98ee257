import type { Db } from '../db/index.js';
import type { JobName, JobPayload } from './payloads.js';
import { enqueueAny } from './queue.js';

/** A job to enqueue once per time slot of `intervalMs`, counted from the Unix epoch. */
export interface Recurring {
  name: string;
  intervalMs: number;
  payload: unknown;
}

export function every<N extends JobName>(name: N, intervalMs: number, payload: JobPayload<N>): Recurring {
  if (!(intervalMs >= 1000)) throw new Error(`every(${name}): interval must be at least a second`);
  return { name, intervalMs, payload };
}

/** Start of the slot `now` falls in; every process computes the same one. */
export const slotStart = (now: Date, intervalMs: number) =>
  new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);

/**
 * Enqueues the current slot of each recurring job unless a row for it exists. The dedupe key is
 * per slot, so any number of processes may call this and the job is scheduled once; a slot missed
 * while no worker ran is not made up (only the current one is enqueued). `seen` only spares the
 * database a write per poll: correctness comes from the key.
 */
export async function enqueueDueSlots(
  db: Db,
  recurring: Recurring[],
  now: Date,
  seen: Map<string, number>,
): Promise<void> {
  for (const r of recurring) {
    const start = slotStart(now, r.intervalMs);
    if (seen.get(r.name) === start.getTime()) continue;
    await enqueueAny(db, r.name, r.payload, {
      runAt: start,
      dedupeKey: `every:${r.name}:${r.intervalMs}:${start.toISOString()}`,
      clock: { now: () => now },
    });
    seen.set(r.name, start.getTime());
  }
}
