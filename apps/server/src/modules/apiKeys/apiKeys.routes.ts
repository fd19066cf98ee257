import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function apiKeysRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  const k = s.apiKeys;
  mount(app, m, routes.apiKeyList, ({ ctx }) => k.list(ctx));
  mount(app, m, routes.apiKeyCreate, ({ ctx, body }) => k.create(ctx, body));
  mount(app, m, routes.apiKeyRevoke, ({ ctx, params }) => k.revoke(ctx, params.id));
  mount(app, m, routes.apiKeyRotate, ({ ctx, params }) => k.rotate(ctx, params.id));
  mount(app, m, routes.apiKeyAdminList, ({ ctx, query }) => k.adminList(ctx, query));
  mount(app, m, routes.apiKeyAdminRevoke, ({ ctx, params }) => k.adminRevoke(ctx, params.id));
}
