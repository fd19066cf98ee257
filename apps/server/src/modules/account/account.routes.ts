import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';
import type { AccountService } from './account.service.js';

/** The account's own life: sign-up, e-mail verification, password reset, profile and password. */
export function accountRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  mount(app, m, routes.register, ({ ctx, body }) => s.account.register(ctx, body));
  mount(app, m, routes.verifyEmail, ({ ctx, body }) => s.account.verifyEmail(ctx, body));
  mount(app, m, routes.resendVerification, ({ ctx, body }) => s.account.resendVerification(ctx, body.email));
  mount(app, m, routes.forgotPassword, ({ ctx, body }) => s.account.forgotPassword(ctx, body.email));
  mount(app, m, routes.resetPasswordCheck, ({ body }) => s.account.checkReset(body));
  mount(app, m, routes.resetPassword, ({ ctx, body }) => s.account.resetPassword(ctx, body));
  mount(app, m, routes.updateProfile, ({ ctx, body }) => s.account.updateProfile(ctx, body));
  mount(app, m, routes.updatePassword, ({ ctx, body }) => s.account.updatePassword(ctx, body));
}

declare module '../../deps/services.js' {
  interface Services {
    account: AccountService;
  }
}
