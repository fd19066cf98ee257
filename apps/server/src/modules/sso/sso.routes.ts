import type { FastifyInstance } from 'fastify';
import { routes } from '@brandvault/contract';
import { mount, requestContext } from '../../http/route.js';
import type { MountDeps } from '../../http/route.js';
import type { Services } from '../../deps/services.js';
import { FLOW_COOKIE, flowCookieOptions } from './flowCookie.js';

export function ssoRoutes(app: FastifyInstance, m: MountDeps, s: Services, secureCookies: boolean) {
  const cookie = flowCookieOptions(secureCookies);
  mount(app, m, routes.ssoProviders, () => s.sso.publicList());
  mount(app, m, routes.ssoStart, async ({ ctx, params, query, reply }) => {
    const { location, cookie: flow } = await s.ssoFlow.start(ctx, params.id, query.next);
    if (flow) reply.setCookie(FLOW_COOKIE, flow, cookie);
    // The authorization address must not be cached: each one carries a fresh state and nonce.
    reply.header('cache-control', 'no-store').redirect(location, 302);
    return null;
  });
  mount(app, m, routes.ssoCallback, async ({ ctx, query, req, reply }) => {
    const location = await s.ssoFlow.callback(ctx, query, req.cookies[FLOW_COOKIE]);
    // One flow, one use: the cookie goes whatever the outcome.
    reply.clearCookie(FLOW_COOKIE, { path: cookie.path }).header('cache-control', 'no-store').redirect(location, 302);
    return null;
  });
  mount(app, m, routes.ssoComplete, ({ ctx, body }) => s.ssoLink.complete(ctx, body.code));
  mount(app, m, routes.ssoLinkInfo, ({ body }) => s.ssoLink.linkInfo(body.code));
  mount(app, m, routes.ssoLinkPassword, ({ ctx, body }) => s.ssoLink.linkPassword(ctx, body.code, body.password));
  mount(app, m, routes.ssoLinkMail, ({ ctx, body }) => s.ssoLink.linkMail(ctx, body.code));
  mount(app, m, routes.ssoLinkConfirm, ({ ctx, body }) => s.ssoLink.linkConfirm(ctx, body.code));
  mount(app, m, routes.ssoAdminList, ({ ctx }) => s.sso.list(ctx));
  mount(app, m, routes.ssoAdminCreate, ({ ctx, body }) => s.sso.create(ctx, body));
  mount(app, m, routes.ssoAdminUpdate, ({ ctx, params, body }) => s.sso.update(ctx, params.id, body));
  mount(app, m, routes.ssoAdminDelete, ({ ctx, params }) => s.sso.remove(ctx, params.id));
  mount(app, m, routes.ssoAdminTest, ({ ctx, params }) => s.sso.test(ctx, params.id));
  mount(app, m, routes.ssoRoles, ({ ctx }) => s.sso.roles(ctx));
  mount(app, m, routes.ssoRoleUpdate, ({ ctx, params, body }) => s.sso.setRole(ctx, params.id, body.sso_only));

  // The provider calls back-channel logout server to server, with a form body and no XSRF cookie:
  // the signed logout token is the proof, so it is mounted outside the browser's checks.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const def = routes.ssoBackchannelLogout;
    scope.post(def.path, async (req, reply) => {
      const params = def.params.safeParse(req.params);
      const body = def.body.safeParse(req.body);
      const ok =
        params.success &&
        body.success &&
        (await s.ssoLink.backchannelLogout(requestContext(req, null), params.data.id, body.data.logout_token));
      reply.header('cache-control', 'no-store');
      return ok ? reply.status(200).send() : reply.status(400).send({ error: 'invalid_request' });
    });
  });
}
