import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function textRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.assetText, ({ ctx, params }) => s.text.text(ctx, params.id));
  mount(app, m, routes.assetTextDownload, ({ ctx, params }) => s.text.download(ctx, params.id));
}
