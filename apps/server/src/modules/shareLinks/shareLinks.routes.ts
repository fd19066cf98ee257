import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';
import type { ShareLinksService } from './shareLinks.service.js';
import type { ShareLinkHolderService } from './shareLinks.holder.service.js';

const passOf = (h: unknown) => (typeof h === 'string' ? h.slice(0, 300) : undefined);

export function shareLinksRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.collectionShare, ({ ctx, params, body }) => s.shareLinks.create(ctx, params.id, body));
  mount(app, m, routes.collectionShareList, ({ ctx, params }) => s.shareLinks.ownList(ctx, params.id));
  mount(app, m, routes.collectionShareRecipients, ({ ctx, params, query }) =>
    s.shareLinks.recipients(ctx, params.id, query.q),
  );
  mount(app, m, routes.collectionShareRevoke, ({ ctx, params }) => s.shareLinks.revoke(ctx, params.id, params.link));
  // The sign-in page's brand for a share link's return path (only share links answer).
  mount(app, m, routes.brandFaceOfPath, ({ query }) => s.shareLinks.brandFaceOfPath(query.next));
  mount(app, m, routes.sharedWithMe, ({ ctx }) => s.shareLinks.sharedWithMe(ctx));
  mount(app, m, routes.sharedView, ({ ctx, req, params, query }) =>
    s.shareLinks.sharedView(ctx, params.id, params.token, query, passOf(req.headers['x-share-pass'])),
  );
  mount(app, m, routes.publicView, ({ ctx, req, params, query }) =>
    s.shareLinks.publicView(ctx, params.id, params.token, query, passOf(req.headers['x-share-pass'])),
  );
  mount(app, m, routes.sharedUnlock, ({ ctx, params, body }) =>
    s.shareLinks.unlock(ctx, params.id, params.token, body.password),
  );
  mount(app, m, routes.sharedZip, ({ ctx, req, params, query }) =>
    s.shareLinks.zip(ctx, params.id, params.token, query.pass ?? passOf(req.headers['x-share-pass']), query.ack),
  );
  mount(app, m, routes.sharedFile, ({ ctx, req, params, query }) =>
    s.shareLinks.file(
      ctx,
      params.id,
      params.token,
      params.assetId,
      params.kind,
      query.pass ?? passOf(req.headers['x-share-pass']),
      typeof req.headers.range === 'string' ? req.headers.range : undefined,
      query.ack,
    ),
  );
  mount(app, m, routes.shareLinkAll, ({ ctx, query }) => s.shareLinks.all(ctx, query));
  mount(app, m, routes.shareLinkUpdate, ({ ctx, params, body }) => s.shareLinks.update(ctx, params.id, body));
}

declare module '../../deps/services.js' {
  interface Services {
    /** The owner's side and the link holder's side of share links. */
    shareLinks: ShareLinksService & ShareLinkHolderService;
  }
}
