import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function guidelinePdfRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.guidelinePdf, ({ ctx, params }) => s.guidelinePdf.whole(ctx, params.id));
  mount(app, m, routes.guidelinePagePdf, ({ ctx, params }) => s.guidelinePdf.page(ctx, params.id));
}
