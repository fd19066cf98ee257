import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function reviewsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.approvalSettingsGet, ({ ctx, params }) => s.reviews.settings(ctx, params.id));
  mount(app, m, routes.approvalSettingsUpdate, ({ ctx, params, body }) =>
    s.reviews.updateSettings(ctx, params.id, body),
  );
  mount(app, m, routes.reviewQueue, ({ ctx, query }) => s.reviews.queue(ctx, query));
  mount(app, m, routes.reviewCount, ({ ctx }) => s.reviews.count(ctx));
  mount(app, m, routes.reviewMine, ({ ctx, query }) => s.reviews.mine(ctx, query));
  mount(app, m, routes.reviewApprove, ({ ctx, body }) => s.reviews.approve(ctx, body.ids));
  mount(app, m, routes.reviewReject, ({ ctx, body }) => s.reviews.reject(ctx, body));
  mount(app, m, routes.reviewOfAsset, ({ ctx, params }) => s.reviews.ofAsset(ctx, params.id));
}
