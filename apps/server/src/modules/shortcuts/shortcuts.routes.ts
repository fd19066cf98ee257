import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function shortcutsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.assetShortcutCreate, ({ ctx, params, body }) =>
    s.shortcuts.create(ctx, 'asset', params.id, body.name),
  );
  mount(app, m, routes.assetShortcutUpdate, ({ ctx, params, body }) =>
    s.shortcuts.update(ctx, 'asset', params.id, body.name),
  );
  mount(app, m, routes.assetShortcutDelete, ({ ctx, params }) => s.shortcuts.remove(ctx, 'asset', params.id));
  mount(app, m, routes.folderShortcutCreate, ({ ctx, params, body }) =>
    s.shortcuts.create(ctx, 'folder', params.id, body.name),
  );
  mount(app, m, routes.folderShortcutUpdate, ({ ctx, params, body }) =>
    s.shortcuts.update(ctx, 'folder', params.id, body.name),
  );
  mount(app, m, routes.folderShortcutDelete, ({ ctx, params }) => s.shortcuts.remove(ctx, 'folder', params.id));
}
