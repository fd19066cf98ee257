import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../services.js';

export function usersRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.usersAll, ({ actor, query }) => s.users.list(actor, query));
  mount(app, m, routes.userCreate, ({ actor, body }) => s.users.create(actor, body));
  mount(app, m, routes.userGet, ({ actor, params }) => s.users.get(actor, params.id));
  mount(app, m, routes.userEdit, ({ actor, params, body }) => s.users.edit(actor, params.id, body));
  mount(app, m, routes.userStatusChange, ({ actor, params, body }) =>
    s.users.changeStatus(actor, params.id, body?.status),
  );
  mount(app, m, routes.userUnlock, ({ actor, params }) => s.users.unlock(actor, params.id));
  mount(app, m, routes.userApprove, ({ actor, params }) => s.users.approve(actor, params.id));
}
