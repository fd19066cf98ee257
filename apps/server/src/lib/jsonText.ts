import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Shorter bodies go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM = 1024;
export type Encoding = 'br' | 'gzip';

/**
 * A response body validated against its schema and serialised once, then sent as it is (the
 * search keeps these for answers many callers share). `T` is the shape it was validated as.
 * Compressed once per encoding a client asks for: a page of 50 cards is ~43 KB of JSON and
 * ~10 KB compressed, and writing the larger body to the socket cost more CPU than compressing it.
 */
export class JsonText<T> {
  declare readonly shape?: T;
  private packed: Partial<Record<Encoding, Buffer>> = {};
  constructor(readonly text: string) {}

  /** The body as the client reads it. */
  value(): T {
    return JSON.parse(this.text) as T;
  }

  /** The body compressed with `encoding` (fast settings), or null when it is too short to bother. */
  compressed(encoding: Encoding): Buffer | null {
    if (this.text.length < COMPRESS_FROM) return null;
    return (this.packed[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(this.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
        : gzipSync(this.text, { level: 1 }));
  }
}

/** The encoding to answer with, from Accept-Encoding: br, then gzip (q=0 refuses one). */
export function encodingFor(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    offered.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (e: string) => (offered.get(e) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}
