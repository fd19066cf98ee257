import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function cropPresetsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.cropPresetsGet, ({ ctx, params }) => s.cropPresets.get(ctx, params.id));
  mount(app, m, routes.cropPresetsUpdate, ({ ctx, params, body }) => s.cropPresets.update(ctx, params.id, body));
}
