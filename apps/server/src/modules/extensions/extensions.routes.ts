import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function extensionsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.extensionAll, ({ ctx, query }) => s.extensions.list(ctx, query));
  mount(app, m, routes.extensionAllowed, () => s.extensions.allowed());
  mount(app, m, routes.extensionCreate, ({ ctx, body }) => s.extensions.create(ctx, body));
  mount(app, m, routes.extensionStatus, ({ ctx, params, body }) =>
    s.extensions.changeStatus(ctx, params.id, body.status),
  );
}
