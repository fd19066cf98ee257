import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function filesRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.media, ({ req, params }) =>
    s.files.media(params['*'], req.query as { exp?: unknown; sig?: unknown }, req.headers.range),
  );
}
