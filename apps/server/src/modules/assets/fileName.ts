/** Longest asset name, in UTF-8 bytes: what most filesystems accept, so a download keeps it whole. */
export const MAX_FILE_NAME_BYTES = 255;
/** Longer "extensions" are no file type we know: such a name is cut as a whole instead. */
const MAX_EXTENSION_BYTES = 32;

/**
 * Controls, format characters (bidi overrides and isolates, LRM/RLM, zero-width space and
 * joiners, BOM, soft hyphen...), line and paragraph separators and lone surrogates: none is
 * visible, and a bidi override makes "invoice\u202Egpj.exe" show as "invoiceexe.jpg".
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

export type FileNameCheck =
  { ok: true; name: string } | { ok: false; name: string; code: 'MISSING_EXTENSION' | 'MISSING_NAME' };

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** The longest start of `s` within `max` UTF-8 bytes, cut between code points. */
function cutToBytes(s: string, max: number): string {
  let out = '';
  let used = 0;
  for (const ch of s) {
    used += bytes(ch);
    if (used > max) break;
    out += ch;
  }
  return out;
}

/**
 * The one place an asset's name is made from what a client sent (multipart and tus uploads,
 * versions, renames): the last path segment, in NFC, without invisible characters, trimmed, and
 * at most MAX_FILE_NAME_BYTES with its extension kept. A name that is only an extension
 * (".jpg") is refused; the extension itself is checked by the caller, on this cleaned name.
 */
export function cleanFileName(raw: string): FileNameCheck {
  const visible = raw.normalize('NFC').replace(INVISIBLE, '');
  const name = (visible.split(/[\\/]/).pop() ?? '').trim();
  if (!name) return { ok: false, name, code: 'MISSING_EXTENSION' };
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot + 1) : '';
  if (ext && !name.slice(0, dot).replace(/[.\s]/g, '')) return { ok: false, name, code: 'MISSING_NAME' };
  if (bytes(name) <= MAX_FILE_NAME_BYTES) return { ok: true, name };
  if (!ext || bytes(ext) > MAX_EXTENSION_BYTES)
    return { ok: true, name: cutToBytes(name, MAX_FILE_NAME_BYTES).trimEnd() };
  const stem = cutToBytes(name.slice(0, dot), MAX_FILE_NAME_BYTES - bytes(ext) - 1).trimEnd();
  return { ok: true, name: `${stem}.${ext}` };
}
