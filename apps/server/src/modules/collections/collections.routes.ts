import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function collectionsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.favoritesAdd, ({ ctx, body }) => s.collections.favoritesAdd(ctx, body.ids));
  mount(app, m, routes.favoritesRemove, ({ ctx, body }) => s.collections.favoritesRemove(ctx, body.ids));
  mount(app, m, routes.favoritesAssets, ({ ctx }) => s.collections.favoritesAssets(ctx));
  mount(app, m, routes.collectionOwnList, ({ ctx, query }) => s.collections.ownList(ctx, query));
  mount(app, m, routes.collectionNew, ({ ctx, body }) => s.collections.create(ctx, body));
  mount(app, m, routes.collectionOwnView, ({ ctx, params, query }) => s.collections.view(ctx, params.id, query));
  mount(app, m, routes.collectionUpdate, ({ ctx, params, body }) => s.collections.update(ctx, params.id, body.name));
  mount(app, m, routes.collectionDelete, ({ ctx, params }) => s.collections.delete(ctx, params.id));
  mount(app, m, routes.collectionAssetsAdd, ({ ctx, params, body }) =>
    s.collections.assetsAdd(ctx, params.id, body.ids),
  );
  mount(app, m, routes.collectionAssetsRemove, ({ ctx, params, body }) =>
    s.collections.assetsRemove(ctx, params.id, body.ids),
  );
  mount(app, m, routes.folderToCollection, ({ ctx, params, body }) => s.collections.fromFolder(ctx, params.id, body));
}
