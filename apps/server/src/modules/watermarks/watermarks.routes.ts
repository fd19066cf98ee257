import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function watermarksRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.watermarkImage, ({ ctx, query }) => s.watermarks.image(ctx, query.brand_id));
  mount(app, m, routes.brandWatermarkGet, ({ ctx, params }) => s.watermarks.get(ctx, params.id));
  mount(app, m, routes.brandWatermarkUpdate, ({ ctx, params, body, files }) =>
    s.watermarks.update(ctx, params.id, body, files),
  );
  mount(app, m, routes.watermarkTrace, ({ ctx, files, body }) => s.watermarks.trace(ctx, files, body.code));
}
