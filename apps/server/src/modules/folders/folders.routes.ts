import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function foldersRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.folderTree, ({ ctx, query }) => s.folders.tree(ctx, query));
  mount(app, m, routes.folderTreeOf, ({ ctx, params, query }) => s.folders.treeOf(ctx, params.id, query));
  mount(app, m, routes.folderNew, ({ ctx, body }) => s.folders.create(ctx, body));
  mount(app, m, routes.folderGet, ({ ctx, params }) => s.folders.get(ctx, params.id));
  mount(app, m, routes.folderMove, ({ ctx, params, body }) => s.folders.move(ctx, params.id, body.parent_id));
  mount(app, m, routes.folderUpdate, ({ ctx, params, body, files }) => s.folders.update(ctx, params.id, body, files));
  mount(app, m, routes.folderAssets, ({ ctx, params, query }) =>
    s.folders.assets(ctx, params.id, query.page, query.per_page),
  );
  mount(app, m, routes.folderRemove, ({ ctx, params }) => s.folders.remove(ctx, params.id));
  mount(app, m, routes.folderTrash, ({ ctx, query }) => s.folders.trashList(ctx, query));
  mount(app, m, routes.folderRestore, ({ ctx, params }) => s.folders.restore(ctx, params.id));
  mount(app, m, routes.folderPurge, ({ ctx, params }) => s.folders.purge(ctx, params.id));
  mount(app, m, routes.folderStats, ({ ctx, body }) => s.folders.stats(ctx, body.ids));
}
