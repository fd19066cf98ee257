import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A file a service answers with, as a plain value: the route sends it, so services never hold
 * Fastify's reply (status, headers and a body that is a stream, bytes or nothing).
 */
export class FileAnswer {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string | number>,
    readonly body: Readable | Buffer | string | null,
  ) {}
}

export function sendFile(reply: FastifyReply, a: FileAnswer) {
  reply.status(a.status);
  for (const [name, value] of Object.entries(a.headers)) reply.header(name, value);
  return a.body === null ? reply.send() : reply.send(a.body);
}

/** Answers that are files never run as a page: no sniffing, and a sandbox if opened directly. */
export const fileSafetyHeaders = () => ({
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
});

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment') {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
