import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function savedSearchesRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  const ss = s.savedSearches;
  mount(app, m, routes.savedSearchList, ({ ctx, query }) => ss.list(ctx, query));
  mount(app, m, routes.savedSearchCreate, ({ ctx, body }) => ss.create(ctx, body));
  mount(app, m, routes.savedSearchUpdate, ({ ctx, params, body }) => ss.update(ctx, params.id, body));
  mount(app, m, routes.savedSearchPin, ({ ctx, params, body }) => ss.pin(ctx, params.id, body.pinned));
  mount(app, m, routes.savedSearchShare, ({ ctx, params, body }) => ss.share(ctx, params.id, body.shared));
  mount(app, m, routes.savedSearchDelete, ({ ctx, params }) => ss.remove(ctx, params.id));
  mount(app, m, routes.savedSearchRun, ({ ctx, params, query }) => ss.run(ctx, params.id, query.page, query.per_page));
}
