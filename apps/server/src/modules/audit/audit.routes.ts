import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function auditRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.auditAll, ({ ctx, query }) => s.audit.list(ctx, query));
  mount(app, m, routes.auditRecent, ({ ctx, query }) => s.audit.recent(ctx, query));
  mount(app, m, routes.auditVerify, ({ ctx }) => s.audit.verify(ctx));
}
