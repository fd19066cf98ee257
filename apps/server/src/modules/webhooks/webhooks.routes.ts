import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function webhooksRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.webhookList, ({ ctx, query }) => s.webhooks.list(ctx, query));
  mount(app, m, routes.webhookCreate, ({ ctx, body }) => s.webhooks.create(ctx, body));
  mount(app, m, routes.webhookGet, ({ ctx, params }) => s.webhooks.get(ctx, params.id));
  mount(app, m, routes.webhookUpdate, ({ ctx, params, body }) => s.webhooks.update(ctx, params.id, body));
  mount(app, m, routes.webhookDelete, ({ ctx, params }) => s.webhooks.remove(ctx, params.id));
  mount(app, m, routes.webhookRotate, ({ ctx, params }) => s.webhooks.rotate(ctx, params.id));
  mount(app, m, routes.webhookEnable, ({ ctx, params }) => s.webhooks.enable(ctx, params.id));
  mount(app, m, routes.webhookTest, ({ ctx, params }) => s.webhooks.test(ctx, params.id));
  mount(app, m, routes.webhookDeliveries, ({ ctx, params, query }) => s.webhooks.deliveries(ctx, params.id, query));
  mount(app, m, routes.webhookRedeliver, ({ ctx, params }) => s.webhooks.redeliver(ctx, params.id, params.deliveryId));
}
