import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function usersRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.usersAll, ({ ctx, query }) => s.users.list(ctx, query));
  mount(app, m, routes.userStats, ({ ctx, body }) => s.userStats(ctx, body));
  mount(app, m, routes.userCreate, ({ ctx, body }) => s.users.create(ctx, body));
  mount(app, m, routes.userInvite, ({ ctx, body }) => s.users.invite(ctx, body));
  mount(app, m, routes.userGrantable, ({ ctx }) => s.users.grantable(ctx));
  mount(app, m, routes.userGet, ({ ctx, params }) => s.users.get(ctx, params.id));
  mount(app, m, routes.userEdit, ({ ctx, params, body }) => s.users.edit(ctx, params.id, body));
  mount(app, m, routes.userStatusChange, ({ ctx, params, body }) => s.users.changeStatus(ctx, params.id, body?.status));
  mount(app, m, routes.userUnlock, ({ ctx, params }) => s.users.unlock(ctx, params.id));
  mount(app, m, routes.userApprove, ({ ctx, params, body }) => s.users.approve(ctx, params.id, body));
  mount(app, m, routes.userPhotoUpload, ({ ctx, params, files }) => s.userPhotos.upload(ctx, params.id, files));
  mount(app, m, routes.userPhotoUpdate, ({ ctx, params, body }) =>
    s.userPhotos.update(ctx, params.id, params.photoId, body),
  );
  mount(app, m, routes.userPhotoRemove, ({ ctx, params }) => s.userPhotos.remove(ctx, params.id));
}
