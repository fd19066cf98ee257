import { currentLang } from '../../i18n';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A counted day (`yyyy-mm-dd`, UTC) as the language writes a short date: "Nov 27", "27 nov". */
export function formatDay(day: string, lang: string = currentLang()): string {
  let f = dayFormats.get(lang);
  if (!f)
    dayFormats.set(lang, (f = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' })));
  const d = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) ? day : f.format(d);
}
