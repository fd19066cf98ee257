import { iso } from '../../lib/clock.js';

const DAY_MS = 86_400_000;

/** The days (UTC, `yyyy-mm-dd`) of a period of `days` ending today, oldest first. */
export function periodDays(now: Date, days: number): string[] {
  const today = Date.parse(`${iso(now).slice(0, 10)}T00:00:00.000Z`);
  return Array.from({ length: days }, (_, i) => iso(new Date(today - (days - 1 - i) * DAY_MS)).slice(0, 10));
}

/**
 * A series with every day of the period: each day's value from `rows` summed by `add`, or
 * `zero()` on days without any.
 */
export function everyDay<R extends { day: string }, T>(
  days: string[],
  rows: R[],
  zero: () => T,
  add: (acc: T, row: R) => void,
): (T & { day: string })[] {
  const byDay = new Map(days.map((day) => [day, { day, ...zero() }]));
  for (const r of rows) {
    const acc = byDay.get(r.day);
    if (acc) add(acc, r);
  }
  return [...byDay.values()];
}
