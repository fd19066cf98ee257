import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function emulationRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.userSwitch, ({ ctx, params }) => s.emulation.start(ctx, params.id));
  mount(app, m, routes.userSwitchEnd, ({ ctx, params }) => s.emulation.end(ctx, params.id));
}
