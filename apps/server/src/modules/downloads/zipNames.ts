/**
 * Names inside an archive, safe on every system that unpacks it: no `..` or absolute paths, no
 * control or invisible characters, none of the characters Windows refuses, no names Windows
 * reserves (CON, NUL, COM1…), no trailing dots or spaces, at most 255 UTF-8 bytes a segment.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;
const REFUSED = /[\\/:*?"<>|]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
const MAX_SEGMENT_BYTES = 255;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

function cutToBytes(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (bytes(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/** One path segment (a folder's or a file's name) made safe. */
export function safeSegment(raw: string): string {
  let s = raw.normalize('NFC').replace(INVISIBLE, '').replace(REFUSED, '_').trim();
  s = s.replace(/[. ]+$/, '');
  if (s === '' || /^\.+$/.test(s)) s = '_';
  if (RESERVED.test(s)) s = `_${s}`;
  if (bytes(s) <= MAX_SEGMENT_BYTES) return s;
  const dot = s.lastIndexOf('.');
  const ext = dot > 0 && s.length - dot <= 16 ? s.slice(dot) : '';
  return cutToBytes(s.slice(0, s.length - ext.length), MAX_SEGMENT_BYTES - bytes(ext)).trimEnd() + ext;
}

/** `photo.jpg` → `photo (2).jpg`. */
export function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/**
 * The archive path of each file (in order): its directory and name made safe, and names that
 * repeat in a directory (ignoring case, as Windows and macOS do) numbered " (2)", " (3)"…
 */
export function archivePaths(items: { dir: string[]; name: string }[]): string[] {
  const used = new Set<string>();
  const dirs = new Set<string>();
  const out: string[] = [];
  for (const it of items) {
    const dir = it.dir.map(safeSegment);
    for (let i = 1; i <= dir.length; i++) dirs.add(dir.slice(0, i).join('/').toLowerCase());
  }
  for (const it of items) {
    const dir = it.dir.map(safeSegment).join('/');
    const base = safeSegment(it.name);
    let name = base;
    const full = (n: string) => (dir ? `${dir}/${n}` : n);
    for (let n = 2; used.has(full(name).toLowerCase()) || dirs.has(full(name).toLowerCase()); n++)
      name = numbered(base, n);
    used.add(full(name).toLowerCase());
    out.push(full(name));
  }
  return out;
}
