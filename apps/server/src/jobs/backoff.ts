export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 60 * 60_000;

/**
 * Delay before retrying after the `attempt`-th failure (1-based): 2 s, 4 s, 8 s ... capped at an
 * hour, plus up to 20% jitter so jobs that failed together (an outage) do not retry in lockstep.
 * The jitter is below the doubling, so delays keep growing until the cap.
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS);
  return Math.round(base * (1 + 0.2 * random()));
}
