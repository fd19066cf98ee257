import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function analysisRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.brandAnalysis, ({ ctx, params }) => s.analysis.get(ctx, params.id));
  mount(app, m, routes.brandAnalysisSave, ({ ctx, params, body }) => s.analysis.save(ctx, params.id, body));
  mount(app, m, routes.brandAnalysisBackfill, ({ ctx, params }) => s.analysis.backfill(ctx, params.id));
}
