import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function downloadsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.downloadQueue, ({ ctx, body }) => s.downloads.queue(ctx, body));
  mount(app, m, routes.downloadList, ({ ctx, query }) => s.downloads.list(ctx, query));
  mount(app, m, routes.downloadGet, ({ ctx, params }) => s.downloads.get(ctx, params.id));
  mount(app, m, routes.downloadFile, ({ ctx, params, query, req }) =>
    s.downloads.file(ctx, params.id, query, req.headers.range),
  );
}
