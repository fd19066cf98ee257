import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import { issueXsrfCookie } from '../../http/xsrf.js';
import type { Services } from '../../services.js';

export function authRoutes(app: FastifyInstance, m: MountDeps, s: Services, secureCookies: boolean) {
  mount(app, m, routes.csrfCookie, async ({ reply }) => {
    issueXsrfCookie(reply, m.appKey, secureCookies);
    return null;
  });
  mount(app, m, routes.login, ({ body, req }) => s.auth.login(body.email, body.password, req.ip));
  mount(app, m, routes.logout, ({ actor }) => s.auth.logout(actor));
  mount(app, m, routes.me, ({ actor }) => s.auth.me(actor));
  mount(app, m, routes.register, ({ body, lang }) => s.auth.register(body, lang));
  mount(app, m, routes.verifyEmail, ({ body }) => s.auth.verifyEmail(body));
  mount(app, m, routes.resendVerification, ({ actor, body }) => s.auth.resendVerification(actor, body.email));
  mount(app, m, routes.forgotPassword, ({ body }) => s.auth.forgotPassword(body.email));
  mount(app, m, routes.resetPassword, ({ body }) => s.auth.resetPassword(body));
  mount(app, m, routes.updateProfile, ({ actor, body }) => s.auth.updateProfile(actor, body));
  mount(app, m, routes.updatePassword, ({ actor, body }) => s.auth.updatePassword(actor, body));
  mount(app, m, routes.isAuth, async ({ actor }) => actor !== null);
  mount(app, m, routes.isGuest, async ({ actor }) => actor === null);
  mount(app, m, routes.hasVerifiedEmail, async ({ actor }) => actor.user.verified_at !== null);
}
