import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function brandsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.brandList, ({ ctx }) => s.brands.listOwn(ctx));
  mount(app, m, routes.brandAll, ({ ctx, query }) => s.brands.listAll(ctx, query));
  mount(app, m, routes.brandCreate, ({ ctx, body, files }) => s.brands.create(ctx, body, files));
  mount(app, m, routes.brandGet, ({ ctx, params }) => s.brands.get(ctx, params.id));
  mount(app, m, routes.brandUpdate, ({ ctx, params, body, files }) => s.brands.update(ctx, params.id, body, files));
  mount(app, m, routes.brandStatus, ({ ctx, params, body }) => s.brands.changeStatus(ctx, params.id, body?.status));
}
