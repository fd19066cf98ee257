import type { EnqueueOptions } from '../jobs/queue.js';
import type { JobName, JobPayload } from '../jobs/payloads.js';
import type { EventName, EventPayload } from './catalogue.js';

/** One event → one job: the job's payload (and options, e.g. a dedupe key) made from the event's. */
export interface Subscription<E extends EventName = EventName> {
  event: E;
  job: JobName;
  /** null: this occurrence does not concern the subscriber (no job). */
  payload(event: EventPayload<E>): unknown;
  options?(event: EventPayload<E>): Omit<EnqueueOptions, 'clock'>;
}

/** A typed entry of the subscription table: the mapping must produce the job's payload. */
export function subscribe<E extends EventName, N extends JobName>(
  event: E,
  job: N,
  payload: (event: EventPayload<E>) => JobPayload<N> | null,
  options?: (event: EventPayload<E>) => Omit<EnqueueOptions, 'clock'>,
): Subscription {
  return { event, job, payload, options } as Subscription;
}
