import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_REQUEST_TUS_PATH, routes } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import { mount, requestContext } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Deps } from '../../deps/deps.js';
import type { Services } from '../../deps/services.js';
import { createTusStore } from '../uploads/tusStores.js';
import type { UploadRequestsService } from './uploadRequests.service.js';
import type { UploadRequestsPublicService } from './uploadRequests.public.service.js';
import { createRequestTusServer, linkCallers } from './uploadRequests.tus.js';

const header = (h: unknown, max: number) => (typeof h === 'string' ? h.slice(0, max) : undefined);

/**
 * Upload requests: the contract's routes, and the link's tus endpoint (no account: the link in
 * X-Upload-Request is the caller's only right, judged at every request by the public service).
 */
export async function uploadRequestsRoutes(app: FastifyInstance, m: MountDeps, deps: Deps, s: Services) {
  mount(app, m, routes.uploadRequestCreate, ({ ctx, body }) => s.uploadRequests.create(ctx, body));
  mount(app, m, routes.uploadRequestList, ({ ctx, query }) => s.uploadRequests.list(ctx, query));
  mount(app, m, routes.uploadRequestClose, ({ ctx, params }) => s.uploadRequests.close(ctx, params.id));
  mount(app, m, routes.uploadRequestOpen, ({ ctx, req, params, query }) =>
    s.uploadRequestLinks.open(ctx, params.token, query.pass ?? header(req.headers['x-upload-pass'], 300)),
  );
  mount(app, m, routes.uploadRequestUnlock, ({ ctx, params, body }) =>
    s.uploadRequestLinks.unlock(ctx, params.token, body.password),
  );
  mount(app, m, routes.assetUploadOrigin, ({ ctx, params }) => s.uploadRequests.origin(ctx, params.id));

  // The uploads routes' store (createTusStore keeps one per app), closed with them.
  const store = await createTusStore(deps);
  const tus = createRequestTusServer(deps, s.uploadRequestLinks, store);
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers['upload-concat'] !== undefined) throw new AppError('INVALID_DATA');
    const token = header(req.headers['x-upload-request'], 500);
    if (!token) throw new AppError('NOT_FOUND');
    linkCallers.set(req.raw, {
      ctx: requestContext(req, req.actor ?? null),
      token,
      pass: header(req.headers['x-upload-pass'], 300),
    });
    reply.hijack();
    await tus.handle(req.raw, reply.raw);
  };
  app.all(UPLOAD_REQUEST_TUS_PATH, handler);
  app.all(`${UPLOAD_REQUEST_TUS_PATH}/*`, handler);
}

declare module '../../deps/services.js' {
  interface Services {
    /** The requester's side of upload requests. */
    uploadRequests: UploadRequestsService;
    /** The link holder's side: the public page, its password and its uploads. */
    uploadRequestLinks: UploadRequestsPublicService;
  }
}
