import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function commentsRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.commentList, ({ ctx, params, query }) => s.comments.list(ctx, params.id, query));
  mount(app, m, routes.commentAdd, ({ ctx, params, body }) => s.comments.add(ctx, params.id, body));
  mount(app, m, routes.commentEdit, ({ ctx, params, body }) => s.comments.edit(ctx, params.id, params.comment, body));
  mount(app, m, routes.commentDelete, ({ ctx, params }) => s.comments.remove(ctx, params.id, params.comment));
  mount(app, m, routes.commentResolve, ({ ctx, params }) => s.comments.resolve(ctx, params.id, params.comment));
  mount(app, m, routes.commentReopen, ({ ctx, params }) => s.comments.reopen(ctx, params.id, params.comment));
  mount(app, m, routes.commentMentionable, ({ ctx, params, query }) => s.comments.mentionable(ctx, params.id, query.q));
}
