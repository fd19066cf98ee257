import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Deps } from '../../deps/deps.js';
import { healthService } from './health.service.js';

export function healthRoutes(app: FastifyInstance, m: MountDeps, deps: Deps) {
  const health = healthService(deps);
  app.addHook('onClose', async () => health.close());
  mount(app, m, routes.health, async () => ({ status: 'ok' as const }));
  mount(app, m, routes.healthReady, () => health.ready());
}
