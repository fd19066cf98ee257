import type { z } from 'zod';
import type { Db, Dialect } from '../db/index.js';
import type { JobsTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { BlobStore } from '../storage/index.js';

export type JobStatus = JobsTable['status'];

/** A pino-compatible subset, so the server passes `app.log` and the worker process its own. */
export interface JobLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a handler gets besides its payload. */
export interface JobContext {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  log: JobLog;
  /** The blob store, when the worker was given one (the server's and `npm run worker`'s are). */
  storage: BlobStore | undefined;
  /** The data directory (tus parts live under it), when the worker was given one. */
  dataDir: string | undefined;
  job: { id: number; name: string; attempt: number; maxAttempts: number };
  /** Aborted when the lease was lost (another worker may run the job) or the timeout passed. */
  signal: AbortSignal;
}

/**
 * One per job name, in `handlers/<name>.ts`. `run` must be idempotent: delivery is at least once
 * (a crash after the work but before the row says `done` runs it again).
 */
export interface JobHandler<S extends z.ZodType = z.ZodType> {
  schema: S;
  run(payload: z.output<S>, ctx: JobContext): Promise<void>;
  /** Give up on one attempt after this long (the signal is aborted and the attempt fails). */
  timeoutMs?: number;
}

export type Handlers = Record<string, JobHandler>;

/** Identity function that infers the payload type of `run` from `schema`. */
export const defineHandler = <S extends z.ZodType>(handler: JobHandler<S>): JobHandler<S> => handler;
