import { readFileSync, watchFile } from 'node:fs';

/** The one source of "now", so tests can move time (token and link expiry) without waiting. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const iso = (d: Date) => d.toISOString();

/**
 * A test server's clock (TEST_CLOCK_FILE): the system clock moved by the milliseconds the file
 * holds, read again whenever it changes, so a browser journey can let days pass on a running
 * server (a licence ending tomorrow, then the day after).
 */
export function fileClock(path: string): Clock {
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(path, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  watchFile(path, { interval: 100, persistent: false }, read);
  return { now: () => new Date(Date.now() + offset) };
}
