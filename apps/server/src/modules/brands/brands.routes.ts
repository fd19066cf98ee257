import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../services.js';

export function brandsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.brandList, ({ actor }) => s.brands.listOwn(actor));
}
