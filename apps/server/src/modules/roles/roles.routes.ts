import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function rolesRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.rolesAll, () => s.roles.list());
  mount(app, m, routes.roleCreate, ({ ctx, body }) => s.roles.create(ctx, body));
  mount(app, m, routes.roleUpdate, ({ ctx, params, body }) => s.roles.update(ctx, params.id, body));
  mount(app, m, routes.roleDelete, ({ ctx, params }) => s.roles.remove(ctx, params.id));
}
