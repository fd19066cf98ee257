import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { streamParts } from '../../http/multipart.js';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function assetsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.assetUpload, async ({ ctx, req, reply, params, query }) => {
    const { status, results } = await s.assets.upload(
      ctx,
      streamParts(req),
      params.brandId,
      params.folderId,
      query.duplicates,
    );
    reply.status(status);
    return { results };
  });
  mount(app, m, routes.assetEdit, ({ ctx, params, body }) => s.assets.edit(ctx, params.id, body));
  mount(app, m, routes.assetView, ({ ctx, params }) => s.assets.view(ctx, params.id));
  mount(app, m, routes.assetMove, ({ ctx, params, body }) => s.assets.move(ctx, params.folderId, body.ids));
  mount(app, m, routes.assetCopy, ({ ctx, params, body }) => s.assets.copy(ctx, params.id, body.folder_id));
  mount(app, m, routes.assetStatus, ({ ctx, params }) => s.assets.changeStatus(ctx, params.id));
  mount(app, m, routes.assetAll, ({ ctx, query }) => s.assetManager.list(ctx, query));
  mount(app, m, routes.assetStatusMany, ({ ctx, body }) => s.assetManager.changeStatusMany(ctx, body));
  mount(app, m, routes.assetTrash, ({ ctx, query }) => s.assetTrash.list(ctx, query));
  mount(app, m, routes.assetPurge, ({ ctx, params }) => s.assetTrash.purge(ctx, params.id));
  mount(app, m, routes.assetDownload, ({ ctx, req, params, query }) =>
    s.assets.download(ctx, params.id, query, req.headers.range),
  );
  mount(app, m, routes.assetDownloadConfirm, ({ ctx, params }) => s.assets.confirmDownload(ctx, params.id));
  mount(app, m, routes.assetCrop, ({ ctx, params, query }) => s.assets.crop(ctx, params.id, query));
  mount(app, m, routes.assetStats, ({ ctx, body }) => s.stats.assets(ctx, body));
  mount(app, m, routes.versionNew, ({ ctx, req }) => s.versions.create(ctx, streamParts(req)));
  mount(app, m, routes.versionAll, ({ ctx, params }) => s.versions.list(ctx, params.id));
  mount(app, m, routes.versionRestore, ({ ctx, params }) => s.versions.restore(ctx, params.id, params.number));
}
