// PostgreSQL: 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now), class 08 (connection
// exceptions); Node: the socket errors of a server that is down or went away.
const PG_CODES = /^(57P0[123]|08\w{3})$/;
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const MESSAGES =
  /Connection terminated|terminating connection|the database system is (starting up|shutting down|in recovery)|Client has encountered a connection error|Connection is closed|Stream isn't writeable|timeout exceeded when trying to connect/i;

/** True when `err` says the database or Redis is unreachable, not that the request was wrong. */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (PG_CODES.test(e.code) || NODE_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  // An AggregateError (several addresses refused) or a wrapped cause.
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionError(x, depth + 1))) return true;
  return isConnectionError(e.cause, depth + 1);
}

/**
 * Runs `write` again while the database cannot be reached, waiting longer each time (up to 5 s,
 * for at most `forMs`): a job finished during an outage is recorded once it ends, not run again.
 */
export async function whileUnreachable<T>(write: () => Promise<T>, forMs = 120_000): Promise<T> {
  const deadline = Date.now() + forMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await write();
    } catch (err) {
      if (!isConnectionError(err) || Date.now() + wait > deadline) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
