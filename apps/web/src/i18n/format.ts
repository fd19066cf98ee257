import { currentLang } from './index';

// Making an Intl formatter costs far more than using one, and a list formats a size per card
// on every frame that brings new cards in: one per kind, language and options, kept.
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;
const formatters = new Map<string, Formatter>();
function kept<F extends Formatter>(kind: string, lang: string, opts: object, make: () => F): F {
  const key = `${kind} ${lang} ${JSON.stringify(opts)}`;
  let f = formatters.get(key) as F | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}
const numberFormat = (lang: string, opts: Intl.NumberFormatOptions = {}) =>
  kept('number', lang, opts, () => new Intl.NumberFormat(lang, opts));
const dateFormat = (lang: string, opts: Intl.DateTimeFormatOptions) =>
  kept('date', lang, opts, () => new Intl.DateTimeFormat(lang, opts));

const relativeFormat = (lang: string) =>
  kept('relative', lang, {}, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now" in the user's language. */
export function formatRelativeTime(value: string | null | undefined, now: number = Date.now()): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const seconds = (d.getTime() - now) / 1000;
  const f = relativeFormat(currentLang());
  if (Math.abs(seconds) < 45) return f.format(0, 'second');
  for (const [unit, size] of RELATIVE_UNITS)
    if (Math.abs(seconds) >= size) return f.format(Math.round(seconds / size), unit);
  return f.format(Math.sign(seconds), 'minute');
}

/**
 * A past day (YYYY-MM-DD, UTC) relative to today: "today", "yesterday", "3 days ago", then in
 * weeks, months or years.
 */
export function formatRelativeDay(day: string | null | undefined, now: number = Date.now()): string {
  if (!day) return '';
  const then = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(then)) return '';
  const today = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`);
  const days = Math.max(0, Math.round((today - then) / 86400000));
  if (days < 7) return relativeFormat(currentLang()).format(-days, 'day');
  return formatRelativeTime(new Date(then).toISOString(), today);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(currentLang(), { dateStyle: 'medium' }).format(d);
}

export function formatNumber(value: number): string {
  return numberFormat(currentLang()).format(value);
}

/** A coordinate in degrees with four decimals (about ten metres), in the user's language. */
export function formatDegrees(value: number): string {
  return numberFormat(currentLang(), { minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(value);
}

/** A scale (1.2) as a percentage in the user's language. */
export function formatPercent(value: number): string {
  return numberFormat(currentLang(), { style: 'percent' }).format(value);
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(currentLang(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** The time of day alone, e.g. under a date in a narrow column. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(currentLang(), { timeStyle: 'short' }).format(d);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** File sizes in binary steps (1 KB = 1024 bytes), worded by Intl in the user's language. */
export function formatBytes(bytes: number, lang: string = currentLang()): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < BYTE_UNITS.length - 1) {
    value /= 1024;
    i += 1;
  }
  // Intl spells the byte unit out ("15 byte"); the short symbol reads better in a size column.
  if (i === 0) return `${numberFormat(lang).format(value)} B`;
  return numberFormat(lang, {
    style: 'unit',
    unit: BYTE_UNITS[i],
    unitDisplay: 'short',
    maximumFractionDigits: i === 0 ? 0 : value < 10 ? 1 : 0,
  }).format(value);
}

/** Media length as h:mm:ss or m:ss. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
