import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TUS_PATH } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import { checkAccess, requestContext } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import { checkXsrf } from '../../http/xsrf.js';
import type { Deps } from '../../deps/deps.js';
import type { Services } from '../../deps/services.js';
import { callers, createTusServer } from './tusServer.js';
import { createTusStore } from './tusStores.js';

/** Who may use the tus endpoint: as the multipart upload route, `asset.create`. */
const TUS_ACCESS = { permission: 'asset.create' } as const;

/** The tus endpoint: our auth and XSRF first, then the tus server streams the body itself. */
export async function uploadsRoutes(app: FastifyInstance, m: MountDeps, deps: Deps, s: Services) {
  const store = await createTusStore(deps);
  app.addHook('onClose', () => store.close());
  const tus = createTusServer(deps, s, store);
  // Leave PATCH bodies as streams for tus.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    checkXsrf(req, m.appKey);
    checkAccess(TUS_ACCESS, req.actor);
    // Parallel parts joined by concatenation are an extension this server does not offer: the
    // client's mistake (422), not the 501 @tus/server would answer.
    if (req.headers['upload-concat'] !== undefined) throw new AppError('INVALID_DATA');
    callers.set(req.raw, requestContext(req, req.actor!));
    reply.hijack();
    await tus.handle(req.raw, reply.raw);
  };
  app.all(TUS_PATH, handler);
  app.all(`${TUS_PATH}/*`, handler);
  return tus;
}
