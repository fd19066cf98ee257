import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { MEDIA_PREFIX } from '../../lib/mediaUrl.js';
import { verifySignedPath } from '../../lib/signedUrl.js';
import type { Deps } from '../../services.js';
import { BlobNotFoundError, BlobRangeError } from '../../storage/index.js';

/** Only these trees are ever served by link: pictures and derivatives, never originals. */
const SERVABLE = /^(brands|folders|derivatives)\//;
const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/** Answers that are files never run as a page: no sniffing, and a sandbox if opened directly. */
export function fileSafetyHeaders(reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
}

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
    async media(req: FastifyRequest, reply: FastifyReply, key: string) {
      const q = req.query as Record<string, unknown>;
      if (!SERVABLE.test(key) || !verifySignedPath(appKey, `${MEDIA_PREFIX}${key}`, q.exp, q.sig, clock.now())) {
        throw new AppError('NOT_FOUND');
      }
      const stat = await storage.stat(key);
      if (!stat) throw new AppError('NOT_FOUND');
      fileSafetyHeaders(reply);
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      reply.type(TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream');
      reply.header('content-length', stat.size);
      return reply.send(await storage.get(key));
    },

    /**
     * Streams a stored original with Range support; the caller has checked access. `inline` (the
     * viewer's "Open PDF") shows a PDF in the browser's own viewer, which a CSP sandbox would
     * block; every other type is still a download.
     */
    async sendOriginal(
      req: FastifyRequest,
      reply: FastifyReply,
      file: { key: string; size: number; mime: string; name: string },
      inline = false,
    ) {
      const range = parseRange(req.headers.range, file.size);
      const inlinePdf = inline && file.mime === 'application/pdf';
      fileSafetyHeaders(reply);
      if (inlinePdf) reply.header('content-security-policy', "default-src 'none'");
      reply.header('accept-ranges', 'bytes');
      reply.header('content-disposition', contentDisposition(file.name, inlinePdf ? 'inline' : 'attachment'));
      reply.header('cache-control', 'private, no-store');
      // Never let the browser render originals from our origin (an SVG could carry script).
      reply.type(
        file.mime === 'image/svg+xml' || file.mime.startsWith('text/html') ? 'application/octet-stream' : file.mime,
      );
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${file.size}`);
        return reply.status(416).send();
      }
      try {
        if (range) {
          reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
          reply.header('content-length', range.end - range.start + 1);
          return reply.send(await storage.get(file.key, range));
        }
        reply.header('content-length', file.size);
        return reply.send(file.size === 0 ? '' : await storage.get(file.key));
      } catch (err) {
        if (err instanceof BlobNotFoundError || err instanceof BlobRangeError) throw new AppError('NOT_FOUND');
        throw err;
      }
    },
  };
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment') {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
export type FilesService = ReturnType<typeof filesService>;
