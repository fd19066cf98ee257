import type { Actor } from '../modules/auth/actor.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}
