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
  mount(app, m, routes.register, ({ ctx, body }) => s.auth.register(ctx, body));
  mount(app, m, routes.verifyEmail, ({ ctx, body }) => s.auth.verifyEmail(ctx, body));
  mount(app, m, routes.resendVerification, ({ ctx, body }) => s.auth.resendVerification(ctx, body.email));
  mount(app, m, routes.forgotPassword, ({ ctx, body }) => s.auth.forgotPassword(ctx, body.email));
  mount(app, m, routes.resetPasswordCheck, ({ body }) => s.auth.checkReset(body));
  mount(app, m, routes.resetPassword, ({ ctx, body }) => s.auth.resetPassword(ctx, body));
  mount(app, m, routes.updateProfile, ({ ctx, body }) => s.auth.updateProfile(ctx, body));
  mount(app, m, routes.updatePassword, ({ ctx, body }) => s.auth.updatePassword(ctx, body));
  mount(app, m, routes.updateTour, ({ ctx, body }) => s.auth.updateTour(ctx, body));
  mount(app, m, routes.isAuth, async ({ ctx }) => ctx.actor !== null);
  mount(app, m, routes.isGuest, async ({ ctx }) => ctx.actor === null);
  mount(app, m, routes.hasVerifiedEmail, async ({ ctx }) => ctx.actor.user.verified_at !== null);
}
