import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';
import type { GuidelineLinkHolder } from './guidelineLinks.holder.js';
import type { guidelineLinksService } from './guidelineLinks.service.js';

const passOf = (h: unknown) => (typeof h === 'string' ? h.slice(0, 300) : undefined);

export function guidelineLinksRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  const g = s.guidelineLinks;
  mount(app, m, routes.guidelineLinkCreate, ({ ctx, params, body }) => g.create(ctx, params.id, body));
  mount(app, m, routes.guidelineLinkList, ({ ctx, params }) => g.list(ctx, params.id));
  mount(app, m, routes.guidelineLinkRevoke, ({ ctx, params }) => g.revoke(ctx, params.id, params.link));
  mount(app, m, routes.guidelinePublicTree, ({ ctx, req, params, query }) =>
    g.tree(ctx, params.token, query.pass ?? passOf(req.headers['x-share-pass'])),
  );
  mount(app, m, routes.guidelinePublicUnlock, ({ ctx, params, body }) => g.unlock(ctx, params.token, body.password));
  mount(app, m, routes.guidelinePublicPage, ({ ctx, req, params, query }) =>
    g.page(ctx, params.token, params.pageId, query.pass ?? passOf(req.headers['x-share-pass'])),
  );
  mount(app, m, routes.guidelinePublicFile, ({ ctx, req, params, query }) =>
    g.file(
      ctx,
      params.token,
      params.assetId,
      params.kind,
      query.pass ?? passOf(req.headers['x-share-pass']),
      typeof req.headers.range === 'string' ? req.headers.range : undefined,
      query.ack,
    ),
  );
  mount(app, m, routes.guidelinePublicCrop, ({ ctx, req, params, query }) =>
    g.crop(ctx, params.token, params.assetId, query, query.pass ?? passOf(req.headers['x-share-pass'])),
  );
}

declare module '../../deps/services.js' {
  interface Services {
    /** The managers' side and the holder's side of public guidelines links. */
    guidelineLinks: ReturnType<typeof guidelineLinksService> & GuidelineLinkHolder;
  }
}
