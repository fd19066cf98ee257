import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import { issueXsrfCookie } from '../../http/xsrf.js';
import type { Services } from '../../deps/services.js';

export function authRoutes(app: FastifyInstance, m: MountDeps, s: Services, secureCookies: boolean) {
  mount(app, m, routes.csrfCookie, async ({ reply }) => {
    issueXsrfCookie(reply, m.appKey, secureCookies);
    return null;
  });
  mount(app, m, routes.login, ({ ctx, body }) => s.auth.login(ctx, body.email, body.password));
  mount(app, m, routes.logout, ({ ctx }) => s.auth.logout(ctx));
  mount(app, m, routes.me, ({ ctx }) => s.auth.me(ctx));
  mount(app, m, routes.updateTour, ({ ctx, body }) => s.auth.updateTour(ctx, body));
  mount(app, m, routes.isAuth, async ({ ctx }) => ctx.actor !== null);
  mount(app, m, routes.isGuest, async ({ ctx }) => ctx.actor === null);
  mount(app, m, routes.hasVerifiedEmail, async ({ ctx }) => ctx.actor.user.verified_at !== null);
}
