import { currentLang } from '../../i18n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const formats = new Map<string, Intl.RelativeTimeFormat>();

/** "5 minutes ago", "yesterday", in the user's language; "now" under a minute. */
export function formatRelative(value: string, now = Date.now()): string {
  const d = new Date(value).getTime();
  if (Number.isNaN(d)) return '';
  const lang = currentLang();
  let f = formats.get(lang);
  if (!f) formats.set(lang, (f = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' })));
  const seconds = (d - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return f.format(Math.round(seconds / size), unit);
  }
  return f.format(0, 'second');
}
