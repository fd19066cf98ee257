import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function guidelinesRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  const g = s.guidelines;
  mount(app, m, routes.guidelineTree, ({ ctx, params }) => g.tree(ctx, params.id));
  mount(app, m, routes.guidelineCreate, ({ ctx, params, body }) => g.create(ctx, params.id, body));
  mount(app, m, routes.guidelineGet, ({ ctx, params }) => g.get(ctx, params.id));
  mount(app, m, routes.guidelineUpdate, ({ ctx, params, body }) => g.update(ctx, params.id, body));
  mount(app, m, routes.guidelineMove, ({ ctx, params, body }) => g.move(ctx, params.id, body));
  mount(app, m, routes.guidelinePublish, ({ ctx, params }) => g.publish(ctx, params.id));
  mount(app, m, routes.guidelineDelete, ({ ctx, params }) => g.remove(ctx, params.id));
  mount(app, m, routes.guidelineVersions, ({ ctx, params }) => g.versions(ctx, params.id));
  mount(app, m, routes.guidelineVersion, ({ ctx, params }) => g.version(ctx, params.id, params.number));
  mount(app, m, routes.guidelineSearch, ({ ctx, params, query }) => g.search(ctx, params.id, query.q));
  mount(app, m, routes.guidelineUses, ({ ctx, params }) => g.uses(ctx, params.id));
  mount(app, m, routes.guidelineRevert, ({ ctx, params, body }) => g.revert(ctx, params.id, body.version));
}
