import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { streamParts } from '../../http/multipart.js';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../services.js';

export function assetsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.assetUpload, async ({ actor, req, reply, params, query, lang }) => {
    const { status, results } = await s.assets.upload(
      actor,
      streamParts(req),
      params.brandId,
      params.folderId,
      query.duplicates,
      lang,
    );
    reply.status(status);
    return { results };
  });
  mount(app, m, routes.assetEdit, ({ actor, params, body }) => s.assets.edit(actor, params.id, body));
  mount(app, m, routes.assetView, ({ actor, params }) => s.assets.view(actor, params.id));
  mount(app, m, routes.assetMove, ({ actor, params, body }) => s.assets.move(actor, params.folderId, body.ids));
  mount(app, m, routes.assetCopy, ({ actor, params, body }) => s.assets.copy(actor, params.id, body.folder_id));
  mount(app, m, routes.assetStatus, ({ actor, params }) => s.assets.changeStatus(actor, params.id));
  mount(app, m, routes.assetDownload, ({ req, reply, params }) => s.assets.download(req, reply, params.id));
  mount(app, m, routes.assetStats, ({ actor, body }) => s.assets.stats(actor, body.brand_id));
  mount(app, m, routes.versionNew, ({ actor, req }) => s.versions.create(actor, streamParts(req)));
  mount(app, m, routes.versionAll, ({ actor, params }) => s.versions.list(actor, params.id));
  mount(app, m, routes.versionRestore, ({ actor, params }) => s.versions.restore(actor, params.id, params.number));
}
