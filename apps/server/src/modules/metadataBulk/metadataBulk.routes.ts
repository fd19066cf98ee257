import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function metadataBulkRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  const b = s.metadataBulk;
  mount(app, m, routes.metadataBulkPreview, ({ ctx, body }) => b.preview(ctx, body));
  mount(app, m, routes.metadataBulkApply, ({ ctx, body }) => b.apply(ctx, body));
  mount(app, m, routes.metadataBulkStatus, ({ ctx, params }) => b.status(ctx, params.id));
  mount(app, m, routes.metadataBulkUndo, ({ ctx, params }) => b.undo(ctx, params.id));
}
