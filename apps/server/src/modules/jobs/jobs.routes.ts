import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Deps } from '../../deps/deps.js';
import { jobsService } from './jobs.service.js';

export function jobsRoutes(app: FastifyInstance, m: MountDeps, deps: Deps) {
  const jobs = jobsService(deps);
  mount(app, m, routes.jobsMine, ({ ctx }) => jobs.mine(ctx));
  mount(app, m, routes.jobsQueue, ({ ctx }) => jobs.queue(ctx));
  mount(app, m, routes.jobGet, ({ ctx, params }) => jobs.get(ctx, params.id));
}
