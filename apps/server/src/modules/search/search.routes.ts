import type { FastifyInstance } from 'fastify';
import { AssetSearchBody, routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

/** GET: the folder's assets with default filters (and field filters of the query); POST: with the filters of the body. */
export function searchRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  const folder = { folderParam: 'id' };
  mount(
    app,
    m,
    routes.assetList,
    ({ ctx, params, query }) =>
      s.search.search(ctx, params.id, AssetSearchBody.parse({ fields: query.fields }), query.page, query.per_page),
    folder,
  );
  mount(
    app,
    m,
    routes.assetSearch,
    ({ ctx, params, query, body }) => s.search.search(ctx, params.id, body, query.page, query.per_page),
    folder,
  );
  mount(app, m, routes.metadataGaps, ({ ctx, params }) => s.search.gaps(ctx, params.id));
}
