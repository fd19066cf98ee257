import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function peopleRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.facesSwitch, ({ ctx, params, body }) => s.people.switchFaces(ctx, params.id, body));
  mount(app, m, routes.peopleList, ({ ctx, params, query }) => s.people.list(ctx, params.id, query.hidden === '1'));
  mount(app, m, routes.personShow, ({ ctx, params }) => s.people.show(ctx, params.id));
  mount(app, m, routes.personName, ({ ctx, params, body }) => s.people.rename(ctx, params.id, body.name));
  mount(app, m, routes.personMerge, ({ ctx, params, body }) => s.people.merge(ctx, params.id, body.into));
  mount(app, m, routes.personSplit, ({ ctx, params, body }) => s.people.split(ctx, params.id, body));
  mount(app, m, routes.personHide, ({ ctx, params, body }) => s.people.hide(ctx, params.id, body.hidden));
  mount(app, m, routes.faceCrop, ({ ctx, params, query }) => s.people.crop(ctx, params.id, query));
  mount(app, m, routes.assetPeople, ({ ctx, params }) => s.people.inAsset(ctx, params.id));
}
