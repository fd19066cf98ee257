/** The one source of "now", so tests can move time (token and link expiry) without waiting. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const iso = (d: Date) => d.toISOString();
