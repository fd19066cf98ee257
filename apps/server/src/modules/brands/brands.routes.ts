import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../services.js';

export function brandsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.brandList, ({ actor }) => s.brands.listOwn(actor));
  mount(app, m, routes.brandAll, ({ actor, query }) => s.brands.listAll(actor, query));
  mount(app, m, routes.brandCreate, ({ actor, body, files }) => s.brands.create(actor, body, files));
  mount(app, m, routes.brandGet, ({ actor, params }) => s.brands.get(actor, params.id));
  mount(app, m, routes.brandUpdate, ({ actor, params, body, files }) => s.brands.update(actor, params.id, body, files));
  mount(app, m, routes.brandStatus, ({ actor, params, body }) => s.brands.changeStatus(actor, params.id, body?.status));
}
