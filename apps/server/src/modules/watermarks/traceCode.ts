import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read off a picture is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A download's trace code: 20 characters (100 random bits), kept in XMP and in the database. */
export function traceCode(): string {
  const bytes = randomBytes(20);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

/** What is drawn on the picture: the code's first 8 characters (40 bits), readable after a re-save. */
export const shortTraceCode = (code: string) => `BV-${code.slice(0, 4)}-${code.slice(4, 8)}`;

/**
 * The 8 characters an admin typed from a picture, as stored: any case, dashes and spaces, the
 * `BV` prefix, and the letters people confuse with digits (O, I, L) are forgiven. Null if too short.
 */
export function typedTraceCode(typed: string): string | null {
  const s = typed
    .toUpperCase()
    .replace(/^\s*BV[-\s]*/, '')
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return s.length >= 8 ? s.slice(0, 8) : null;
}
