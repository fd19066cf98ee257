import { COUNTRY_CODES, WORLDWIDE } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';

const names = new Map<string, Intl.DisplayNames>();
const regionNames = (lang: Lang) => {
  let n = names.get(lang);
  if (!n) names.set(lang, (n = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' })));
  return n;
};

/** A territory's name in `lang`: the country's, or "Worldwide" (`worldwide`) for WW. */
export function territoryName(code: string, lang: Lang, worldwide: string): string {
  if (code === WORLDWIDE) return worldwide;
  try {
    return regionNames(lang).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Worldwide first, then every country by its name in `lang`. */
export function territoryOptions(lang: Lang, worldwide: string) {
  const countries = COUNTRY_CODES.map((code) => ({ value: code, label: territoryName(code, lang, worldwide) })).sort(
    (a, b) => a.label.localeCompare(b.label, lang),
  );
  return [{ value: WORLDWIDE, label: worldwide }, ...countries];
}

/** A channel (stored by its English label) as the brand's list names it in `lang`. */
export function channelName(
  value: string,
  lang: Lang,
  channels: readonly { value: string; label_en: string; label_es: string }[] | undefined,
): string {
  const c = channels?.find((x) => x.value === value);
  return c ? (lang === 'es' ? c.label_es : c.label_en) : value;
}

/** A day (YYYY-MM-DD) as people read it in `lang`, e.g. 12 Mar 2027. */
export function formatDay(day: string | null | undefined, lang: Lang): string {
  if (!day) return '';
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}
