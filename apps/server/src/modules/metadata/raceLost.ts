import { AppError } from '../../http/errors.js';

/**
 * PostgreSQL ended one of two changes that waited for each other (a deadlock, or a serialization
 * failure), or a field or option read at the start was deleted by another change before the write
 * that names it (a foreign key violation): the loser answers 409 OPTION_CONFLICT, to retry, never
 * a 500. Anything else passes.
 */
export function raceLost(err: unknown): never {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === '40P01' || code === '40001' || code === '23503') throw new AppError('OPTION_CONFLICT');
  throw err;
}
