import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function setupRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.orgInfo, ({ ctx }) => s.setup.orgInfo(ctx));
  mount(app, m, routes.setupState, ({ ctx }) => s.setup.state(ctx));
  mount(app, m, routes.setupOrgName, ({ ctx, body }) => s.setup.setOrgName(ctx, body));
  mount(app, m, routes.setupFinish, ({ ctx, body }) => s.setup.finish(ctx, body));
}
