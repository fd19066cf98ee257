import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';

export function twoFactorRoutes(app: FastifyInstance, m: MountDeps, s: Services) {
  const tf = s.twoFactor;
  const login = s.auth;
  mount(app, m, routes.twoFactorStatus, ({ ctx }) => tf.status(ctx));
  mount(app, m, routes.twoFactorSetup, ({ ctx }) => tf.setup(ctx));
  mount(app, m, routes.twoFactorConfirm, ({ ctx, body }) => tf.confirm(ctx, body.code));
  mount(app, m, routes.twoFactorDisable, ({ ctx, body }) => tf.disable(ctx, body));
  mount(app, m, routes.twoFactorRecoveryCodes, ({ ctx, body }) => tf.regenerate(ctx, body));
  mount(app, m, routes.loginTwoFactor, ({ ctx, body }) => login.loginWithCode(ctx, body));
  mount(app, m, routes.loginTwoFactorSetup, ({ ctx, body }) => login.loginSetup(ctx, body.challenge));
  mount(app, m, routes.loginTwoFactorEnable, ({ ctx, body }) => login.loginEnable(ctx, body.challenge, body.code));
  mount(app, m, routes.userTwoFactor, ({ ctx, params }) => tf.ofUser(ctx, params.id));
  mount(app, m, routes.userTwoFactorReset, ({ ctx, params }) => tf.reset(ctx, params.id));
  mount(app, m, routes.rolesTwoFactor, ({ ctx }) => tf.roles(ctx));
  mount(app, m, routes.roleTwoFactor, ({ ctx, params, body }) => tf.setRole(ctx, params.id, body.required));
}
