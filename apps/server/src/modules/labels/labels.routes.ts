import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function labelsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.assetLabels, ({ ctx, params }) => s.labels.labels(ctx, params.id));
  mount(app, m, routes.labelAccept, ({ ctx, params }) => s.labels.accept(ctx, params.id, params.label));
  mount(app, m, routes.labelReject, ({ ctx, params }) => s.labels.reject(ctx, params.id, params.label));
  mount(app, m, routes.brandLabels, ({ ctx, params }) => s.labels.brandLabels(ctx, params.id));
}
