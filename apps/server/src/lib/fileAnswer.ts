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
