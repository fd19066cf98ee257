import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function visualsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.assetVisuals, ({ ctx, params }) => s.visuals.visuals(ctx, params.id));
  mount(app, m, routes.assetSimilar, ({ ctx, params }) => s.visuals.similar(ctx, params.id));
  mount(app, m, routes.visualsBackfill, ({ ctx, params }) => s.visuals.backfill(ctx, params.id));
}
