import { AppError } from '../../http/errors.js';
import { FileAnswer, contentDisposition, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import { MEDIA_PREFIX } from '../../lib/mediaUrl.js';
import { verifySignedPath } from '../../lib/signedUrl.js';
import type { Deps } from '../../deps/deps.js';
import { BlobNotFoundError, BlobRangeError } from '../../storage/index.js';
import { renderMarkedOnDemand } from '../watermarks/watermark.previews.js';

/** Only these trees are ever served by link: pictures and derivatives, never originals. */
const SERVABLE = /^(brands|folders|derivatives|avatars)\//;
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
};

/** Parses a single `bytes=` range (RFC 7233); null when absent or not satisfiable as one range. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

export function filesService(deps: Deps) {
  const { storage, appKey, clock } = deps;
  return {
    /**
     * A signed picture or derivative (`?exp=&sig=` from the view that handed it out), with Range
     * support so a video proxy plays and seeks before it has all arrived.
     */
    async media(key: string, link: { exp?: unknown; sig?: unknown }, rangeHeader?: string) {
      if (!SERVABLE.test(key) || !verifySignedPath(appKey, `${MEDIA_PREFIX}${key}`, link.exp, link.sig, clock.now())) {
        throw new AppError('NOT_FOUND');
      }
      const stat = await storage.stat(key);
      if (!stat) {
        // A guest's watermarked preview is drawn on its first fetch (see watermark.previews.ts).
        const drawn = await renderMarkedOnDemand(deps, key);
        if (!drawn) throw new AppError('NOT_FOUND');
        const headers = { ...fileSafetyHeaders(), 'cache-control': 'private, max-age=31536000, immutable' };
        return new FileAnswer(
          200,
          { ...headers, 'content-type': drawn.mime, 'content-length': drawn.data.length },
          drawn.data,
        );
      }
      const headers = {
        ...fileSafetyHeaders(),
        'accept-ranges': 'bytes',
        'cache-control': 'private, max-age=31536000, immutable',
        'content-type': TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream',
      };
      const range = parseRange(rangeHeader, stat.size);
      if (range === 'invalid')
        return new FileAnswer(416, { ...headers, 'content-range': `bytes */${stat.size}` }, null);
      try {
        if (range) {
          const part = { 'content-range': `bytes ${range.start}-${range.end}/${stat.size}` };
          const length = { 'content-length': range.end - range.start + 1 };
          return new FileAnswer(206, { ...headers, ...part, ...length }, await storage.get(key, range));
        }
        return new FileAnswer(200, { ...headers, 'content-length': stat.size }, await storage.get(key));
      } catch (err) {
        if (err instanceof BlobNotFoundError || err instanceof BlobRangeError) throw new AppError('NOT_FOUND');
        throw err;
      }
    },

    /**
     * A stored original with Range support; the caller has checked access. `inline` (the viewer's
     * "Open PDF") shows a PDF in the browser's own viewer, which a CSP sandbox would block; every
     * other type is still a download.
     */
    async original(
      file: { key: string; size: number; mime: string; name: string },
      rangeHeader: string | undefined,
      inline = false,
    ) {
      const range = parseRange(rangeHeader, file.size);
      const inlinePdf = inline && file.mime === 'application/pdf';
      const headers: Record<string, string | number> = {
        ...fileSafetyHeaders(),
        ...(inlinePdf ? { 'content-security-policy': "default-src 'none'" } : {}),
        'accept-ranges': 'bytes',
        'content-disposition': contentDisposition(file.name, inlinePdf ? 'inline' : 'attachment'),
        'cache-control': 'private, no-store',
        // Never let the browser render originals from our origin (an SVG could carry script).
        'content-type':
          file.mime === 'image/svg+xml' || file.mime.startsWith('text/html') ? 'application/octet-stream' : file.mime,
      };
      if (range === 'invalid')
        return new FileAnswer(416, { ...headers, 'content-range': `bytes */${file.size}` }, null);
      try {
        if (range) {
          const part = { 'content-range': `bytes ${range.start}-${range.end}/${file.size}` };
          const length = { 'content-length': range.end - range.start + 1 };
          return new FileAnswer(206, { ...headers, ...part, ...length }, await storage.get(file.key, range));
        }
        const body = file.size === 0 ? '' : await storage.get(file.key);
        return new FileAnswer(200, { ...headers, 'content-length': file.size }, body);
      } catch (err) {
        if (err instanceof BlobNotFoundError || err instanceof BlobRangeError) throw new AppError('NOT_FOUND');
        throw err;
      }
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;

declare module '../../deps/services.js' {
  interface Services {
    files: ReturnType<typeof filesService>;
  }
}
