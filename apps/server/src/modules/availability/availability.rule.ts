import type { AssetAvailability } from '../../db/schema.js';

/** What decided an asset's availability: its own window, one of its licences or consents. */
export interface AvailabilityReason {
  kind: 'asset' | 'licence' | 'consent';
  id?: number;
  name?: string;
}

/** One source of dates (YYYY-MM-DD, inclusive; null: open). */
export interface Window {
  reason: AvailabilityReason;
  from: string | null;
  until: string | null;
}

export interface Availability {
  availability: AssetAvailability;
  /** The start while embargoed, otherwise the nearest end (null: none). */
  date: string | null;
  reason: AvailabilityReason | null;
}

const DAY = 86_400_000;

/** Whole days from `a` to `b` (both YYYY-MM-DD, UTC): positive when `b` is later. */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);

/** `day` moved by `n` days (YYYY-MM-DD, UTC). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The UTC day of an instant. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The availability rule (issue 40 §2). An asset may be used from the latest start of its windows
 * to the earliest end (both inclusive). After that end it is expired (final, whatever the starts
 * say); before that start it is embargoed; within `warningDays` of the end it is expiring; else
 * available. On equal dates the asset's own window names the reason, then licences, then
 * consents, in the order given.
 */
export function availabilityOf(windows: readonly Window[], today: string, warningDays: number): Availability {
  let start: Window | null = null;
  let end: Window | null = null;
  for (const w of windows) {
    if (w.from !== null && (start === null || w.from > start.from!)) start = w;
    if (w.until !== null && (end === null || w.until < end.until!)) end = w;
  }
  if (end && today > end.until!) return { availability: 'expired', date: end.until, reason: end.reason };
  if (start && today < start.from!) return { availability: 'embargoed', date: start.from, reason: start.reason };
  if (end && daysBetween(today, end.until!) <= warningDays)
    return { availability: 'expiring', date: end.until, reason: end.reason };
  return { availability: 'available', date: end?.until ?? null, reason: end?.reason ?? null };
}
