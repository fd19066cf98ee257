import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function syncRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.syncRoots, ({ ctx }) => s.sync.roots(ctx));
  mount(app, m, routes.syncSourceList, ({ ctx, query }) => s.sync.list(ctx, query));
  mount(app, m, routes.syncSourceGet, ({ ctx, params }) => s.sync.get(ctx, params.id));
  mount(app, m, routes.syncSourceCreate, ({ ctx, body }) => s.sync.create(ctx, body));
  mount(app, m, routes.syncSourceUpdate, ({ ctx, params, body }) => s.sync.update(ctx, params.id, body));
  mount(app, m, routes.syncSourceDelete, ({ ctx, params }) => s.sync.remove(ctx, params.id));
  mount(app, m, routes.syncSourceRun, ({ ctx, params }) => s.sync.run(ctx, params.id));
  mount(app, m, routes.syncSourceRuns, ({ ctx, params, query }) => s.sync.runs(ctx, params.id, query));
  mount(app, m, routes.syncRunGet, ({ ctx, params }) => s.sync.runGet(ctx, params.id));
  mount(app, m, routes.syncRunItems, ({ ctx, params, query }) => s.sync.runItems(ctx, params.id, query));
}
