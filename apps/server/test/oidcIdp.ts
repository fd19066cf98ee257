// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- e2e compiles this file without the rest of this folder
/// <reference path="./oidc-provider.d.ts" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { KoaContext } from 'oidc-provider';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { JWK, JWTPayload } from 'jose';

/** One person at the test provider: their `sub` and the claims it releases. */
export type Person = { sub: string; email?: string; email_verified?: boolean; name?: string; groups?: string[] };

export const CLIENT = { id: 'brandvault', secret: 'client-secret-for-tests-only' };

/**
 * A real OpenID provider (oidc-provider) on loopback HTTP for the tests: the client above, no
 * consent screen, and a login interaction that signs in whoever `as()` named. `tamper` re-signs
 * the next ID token with the provider's own key after changing its claims, the way a forged or
 * stale answer would look.
 */
export async function startIdp(appUrl: string) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const people = new Map<string, Person>();
  let current: string | null = null;
  let tamper: ((claims: JWTPayload) => void) | null = null;

  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${appUrl}/api/sso/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub', 'sid'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    scopes: ['openid', 'email', 'profile'],
    findAccount: (_ctx: unknown, id: string) => {
      const person = people.get(id);
      return person ? { accountId: id, claims: () => ({ ...person }) } : undefined;
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // The client is the organisation's own: no consent screen.
    loadExistingGrant: async (ctx: KoaContext) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
      await grant.save();
      return grant;
    },
    ttl: { Session: 60, Interaction: 60, Grant: 60, AuthorizationCode: 60, AccessToken: 60, IdToken: 60 },
  });
  provider.on('server_error', () => undefined);
  provider.use(async (ctx: KoaContext, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && tamper && body?.id_token) {
      const claims = decodeJwt(body.id_token);
      tamper(claims);
      tamper = null;
      body.id_token = await sign(claims);
    }
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        if (!current) throw new Error('no person chosen: call as() first');
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: current } },
          { mergeWithLastSubmission: false },
        );
      })().catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    callback(req, res);
  });

  async function sign(claims: JWTPayload) {
    const key = await importJWK(jwk, 'RS256');
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid! }).sign(key);
  }

  return {
    issuer,
    add(p: Person) {
      people.set(p.sub, p);
      return p;
    },
    /** Who the next login interaction signs in. */
    as(sub: string) {
      current = sub;
    },
    /** Changes the claims of the next ID token (re-signed with the provider's key). */
    tamper(fn: (claims: JWTPayload) => void) {
      tamper = fn;
    },
    /** A back-channel logout token as the provider signs it (`over` changes or removes claims). */
    logoutToken(sub: string, over: Record<string, unknown> = {}) {
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: issuer,
        aud: CLIENT.id,
        iat: now,
        jti: `${now}-${Math.random().toString(36).slice(2)}`,
        sub,
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        ...over,
      };
      for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
      return sign(claims as JWTPayload);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type Idp = Awaited<ReturnType<typeof startIdp>>;

/**
 * Follows the provider's redirects with its cookies, as a browser would, until it sends the
 * browser back to the app; answers that address (the callback with code and state).
 */
export async function throughIdp(authorizeUrl: string, appUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  for (let i = 0; i < 10; i += 1) {
    if (url.startsWith(appUrl)) return url;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
