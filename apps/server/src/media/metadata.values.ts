/**
 * The value helpers of metadata extraction: metadata is free text from anywhere (EXIF, IPTC, XMP,
 * ffprobe tags, PDF info), so every value is checked for shape before it becomes a field.
 */

export type Dict = Record<string, unknown>;

export function dict(v: unknown): Dict {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Dict) : {};
}

export function lowerKeys(v: unknown): Dict {
  return Object.fromEntries(Object.entries(dict(v)).map(([k, x]) => [k.toLowerCase(), x]));
}

export function compact<T extends object>(o: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const MAX_TEXT = 2000;

export function text(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return undefined;
  // Control characters come from padded EXIF fields and broken encoders, never from people.
  // eslint-disable-next-line no-control-regex
  const s = v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return s ? s.slice(0, MAX_TEXT) : undefined;
}

export function strings(v: unknown): string[] {
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => text(langText(x) ?? x)).filter((x): x is string => x !== undefined);
}

export function joined(v: unknown): string | undefined {
  const list = strings(v);
  return list.length ? list.join(', ') : undefined;
}

/** XMP language alternatives arrive as {lang, value} or a list of them; x-default comes first. */
export function langText(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    const d = v.find((x) => dict(x).lang === 'x-default') ?? v[0];
    return langText(d);
  }
  if (v && typeof v === 'object') return text(dict(v).value);
  return text(v);
}

export function uniqueStrings(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = s.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function splitKeywords(v: unknown): string[] | undefined {
  const s = text(v);
  if (!s) return undefined;
  const list = uniqueStrings(
    s
      .split(/[,;]/)
      .map((x) => x.trim())
      .filter(Boolean),
  );
  return list.length ? list : undefined;
}

// What cameras write when nobody typed a description.
const CAMERA_DEFAULTS = /^(olympus digital camera|sony dsc|digital camera|default|untitled|image|picture|\s*)$/i;

export function cameraDescription(v: unknown): string | undefined {
  const s = text(v);
  return s && !CAMERA_DEFAULTS.test(s) ? s : undefined;
}

export function first(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v;
}

export function positive(v: unknown): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

export function exposure(v: unknown): string | undefined {
  const t = positive(v);
  if (t === undefined) return undefined;
  if (t >= 0.3) return String(Math.round(t * 10) / 10);
  return `1/${Math.round(1 / t)}`;
}

const MIN_YEAR = 1826; // the oldest surviving photograph; anything earlier is a zeroed field
function plausible(d: Date): string | undefined {
  const year = d.getUTCFullYear();
  return Number.isNaN(d.getTime()) || year < MIN_YEAR || year > new Date().getUTCFullYear() + 1
    ? undefined
    : d.toISOString();
}

/** "2024:05:04 03:02:01" with an optional "+02:00" from the OffsetTime tags. */
export function exifDate(v: unknown, offset: unknown): string | undefined {
  const s = text(v);
  const m = s && /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(s);
  if (!m) return isoDate(v);
  const zone = text(offset);
  const suffix = zone && /^[+-]\d{2}:\d{2}$/.test(zone) ? zone : 'Z';
  return plausible(new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${suffix}`));
}

/** ISO 8601 in its XMP, PDF (pdfinfo -isodates) and QuickTime spellings; a date alone is midnight UTC. */
export function isoDate(v: unknown): string | undefined {
  const s = text(v);
  if (!s) return undefined;
  const m =
    /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) return undefined;
  const zone = m[7] ? (m[7] === 'Z' ? 'Z' : m[7].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z';
  return plausible(new Date(`${m[1]}-${m[2]}-${m[3] ?? '01'}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`));
}

/** A PDF date as the file stores it: `D:YYYYMMDDHHmmSS` then `Z`, or `+HH'mm'`. */
export function pdfDate(v: unknown): string | undefined {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text(v) ?? '');
  if (!m) return undefined;
  const zone = !m[7] || m[7] === 'Z' ? 'Z' : m[7].replace(/^([+-]\d{2})'?(\d{2})'?$/, '$1:$2');
  return isoDate(`${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`);
}

/** IPTC keeps the date (CCYYMMDD) and time (HHMMSS±HHMM) apart. */
export function iptcDate(date: unknown, time: unknown): string | undefined {
  const d = text(date)?.replace(/-/g, '');
  const m = d && /^(\d{4})(\d{2})(\d{2})$/.exec(d);
  if (!m) return undefined;
  const t = /^(\d{2}):?(\d{2}):?(\d{2})([+-]\d{2}:?\d{2})?/.exec(text(time) ?? '');
  const zone = t?.[4] ? t[4].replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2') : 'Z';
  return plausible(new Date(`${m[1]}-${m[2]}-${m[3]}T${t?.[1] ?? '00'}:${t?.[2] ?? '00'}:${t?.[3] ?? '00'}${zone}`));
}
