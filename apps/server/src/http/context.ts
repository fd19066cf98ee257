import type { Actor } from '../access/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}
