import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Id } from '@brandvault/contract';
import type { Access, RouteDef } from '@brandvault/contract';
import type { Actor } from '../access/principal.js';
import { hasPermission, hasRole, viaApiKey } from '../access/principal.js';
import { JsonText, encodingFor } from '../lib/jsonText.js';
import { FileAnswer, sendFile } from '../lib/fileAnswer.js';
import type { RequestContext } from '../lib/requestContext.js';
import { AppError } from './errors.js';
import { pickLang } from './lang.js';
import type { RateLimiter } from './rateLimit.js';
import type { FormFile } from './multipart.js';
import { readForm } from './multipart.js';
import { checkXsrf } from './xsrf.js';
import './context.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type ActorFor<A extends Access> = A extends 'public' | 'guest' ? Actor | null : Actor;

/** What a route handler gets: the service context, the validated input, and the raw request for adapters. */
export interface RouteInput<D extends RouteDef> {
  ctx: RequestContext<ActorFor<D['access']>>;
  /** For adapters only (streamed bodies, headers); services never see it. */
  req: FastifyRequest;
  reply: FastifyReply;
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
  /** Files of a `multipart: 'form'` route. */
  files: FormFile[];
}
export type Handler<D extends RouteDef> = (
  input: RouteInput<D>,
) => Promise<z.input<D['response']> | JsonText<z.output<D['response']>> | FileAnswer>;

/** The service context of a request: the caller, where they are, and their language. */
export function requestContext<A extends Actor | null>(req: FastifyRequest, actor: A): RequestContext<A> {
  const ua = req.headers['user-agent'];
  return {
    actor,
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null,
    emulatorId: actor?.emulatorId ?? null,
    lang: pickLang(req),
    requestId: String(req.id),
  };
}

/** Read by the sign-in hook (app.ts) before the handler runs. */
export interface RouteConfig {
  /** The path parameter that names a folder: it is read with the token, in one statement. */
  folderParam?: string;
}

/** The folder id a folder route names, when it is a well-formed id (validation comes later). */
export function folderParamOf(req: FastifyRequest): number | undefined {
  const name = (req.routeOptions.config as RouteConfig | undefined)?.folderParam;
  const raw = name ? (req.params as Record<string, unknown>)[name] : undefined;
  const id = typeof raw === 'string' ? Id.safeParse(raw) : undefined;
  return id?.success ? id.data : undefined;
}

export interface MountDeps {
  appKey: string;
  limiter: RateLimiter;
}

export function checkAccess(access: Access, actor: Actor | null) {
  if (access === 'public') return;
  // Signed-out-only (register, forgot and reset password): a session has no business here.
  if (access === 'guest') {
    if (actor) throw new AppError('FORBIDDEN');
    return;
  }
  if (!actor) throw new AppError('UNAUTHENTICATED');
  if (access === 'user') return;
  const ok = 'permission' in access ? hasPermission(actor, access.permission) : hasRole(actor, access.role);
  if (!ok) throw new AppError('FORBIDDEN');
}

function parse<T extends z.ZodType | undefined>(schema: T, value: unknown): Out<T> {
  if (!schema) return undefined as Out<T>;
  const r = schema.safeParse(value, { reportInput: true });
  if (!r.success) throw new AppError('INVALID_DATA', { issues: r.error.issues });
  return r.data as Out<T>;
}

/**
 * Mounts one contract route: XSRF, access, rate limit, input validation, then the handler; the
 * answer goes through the response schema, which keeps only the fields the contract names.
 */
export function mount<D extends RouteDef>(
  app: FastifyInstance,
  deps: MountDeps,
  def: D,
  handler: Handler<D>,
  opts: RouteConfig = {},
) {
  app.route({
    method: def.method,
    url: def.path,
    config: opts,
    handler: async (req, reply) => {
      checkXsrf(req, deps.appKey);
      checkAccess(def.access, req.actor);
      // Keys, credentials, sign-out and emulation need a signed-in person, never a script's key.
      if (def.sessionOnly && viaApiKey(req.actor)) throw new AppError('FORBIDDEN');
      if (def.rateLimit) {
        const who = req.actor ? `u${req.actor.user.id}` : `ip${req.ip}`;
        const hit = await deps.limiter.hit(`route:${def.method}:${def.path}:${who}`, 60, def.rateLimit.max);
        if (hit.count > def.rateLimit.max) {
          throw new AppError(def.rateLimit.code ?? 'TOO_MANY_ATTEMPTS', {
            headers: { 'retry-after': String(hit.retryAfterSeconds) },
          });
        }
      }
      const params = parse(def.params as D['params'], req.params);
      const query = parse(def.query as D['query'], req.query);
      const form = def.multipart === 'form' ? await readForm(req, def.files ?? [], def.maxFileBytes) : null;
      // A streamed multipart body is read by the handler itself.
      const rawBody = form
        ? form.body
        : def.multipart === 'stream'
          ? undefined
          : (req.body ?? (def.body ? {} : undefined));
      const result = await handler({
        ctx: requestContext(req, req.actor as ActorFor<D['access']>),
        req,
        reply,
        params,
        query,
        body: parse(def.body as D['body'], rawBody),
        files: form?.files ?? [],
      });
      if (result instanceof FileAnswer) return sendFile(reply, result);
      // Raw routes without a file answer have answered through `reply` already.
      if (def.raw) return reply;
      if (def.status === 204) return reply.status(204).send();
      // A handler may choose its own status (207 for a partly successful upload).
      const status = reply.statusCode !== 200 ? reply.statusCode : (def.status ?? 200);
      if (result instanceof JsonText) {
        reply.status(status).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        const encoding = encodingFor(req.headers['accept-encoding']);
        const packed = encoding && result.compressed(encoding);
        return packed ? reply.header('content-encoding', encoding).send(packed) : reply.send(result.text);
      }
      return reply.status(status).send(def.response.parse(result));
    },
  });
}
