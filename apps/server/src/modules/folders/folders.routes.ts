import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../services.js';

export function foldersRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.folderTree, ({ actor, query }) => s.folders.tree(actor, query));
  mount(app, m, routes.folderTreeOf, ({ actor, params, query }) => s.folders.treeOf(actor, params.id, query));
  mount(app, m, routes.folderNew, ({ actor, body }) => s.folders.create(actor, body));
  mount(app, m, routes.folderGet, ({ actor, params }) => s.folders.get(actor, params.id));
  mount(app, m, routes.folderMove, ({ actor, params, body }) => s.folders.move(actor, params.id, body.parent_id));
  mount(app, m, routes.folderUpdate, ({ actor, params, body, files }) =>
    s.folders.update(actor, params.id, body, files),
  );
  mount(app, m, routes.folderAssets, ({ actor, params, query }) =>
    s.folders.assets(actor, params.id, query.page, query.per_page),
  );
  mount(app, m, routes.folderRemove, ({ actor, params }) => s.folders.remove(actor, params.id));
  mount(app, m, routes.folderStats, ({ actor, body }) => s.folders.stats(actor, body.ids));
}
