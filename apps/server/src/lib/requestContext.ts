import type { Lang } from '@brandvault/contract';
import type { Actor } from '../access/principal.js';

/**
 * Who asks, from where, in which language: what a service needs of a request, and nothing of
 * Fastify. Audit entries, mail language and emulation all read it from here.
 */
export interface RequestContext<A extends Actor | null = Actor> {
  actor: A;
  ip: string;
  userAgent: string | null;
  /** The admin behind an emulated session (the token's emulator), else null. */
  emulatorId: number | null;
  lang: Lang;
  requestId: string;
}

/** A request that may come from someone signed out (sign-in, register, password reset). */
export type AnyContext = RequestContext<Actor | null>;

/**
 * A context for work done on a user's behalf outside a request (a job building their zip, a
 * test calling a service directly): no address, no browser.
 */
export const contextFor = (actor: Actor, lang: Lang = 'en'): RequestContext => ({
  actor,
  ip: '',
  userAgent: null,
  emulatorId: actor.emulatorId,
  lang,
  requestId: '',
});

/** The same request, now known to come from `actor` (after a sign-in, or a download link's user). */
export const withActor = (ctx: AnyContext, actor: Actor): RequestContext => ({ ...ctx, actor });
