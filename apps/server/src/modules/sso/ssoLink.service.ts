import { jwtVerify } from 'jose';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { checkPassword } from '../../lib/passwords.js';
import { open } from '../../lib/secretBox.js';
import { ssoMails } from '../../mail/ssoMails.js';
import type { Deps } from '../../deps/deps.js';
import type { AnyContext } from '../../lib/requestContext.js';
import { canSignIn } from '../../access/principal.js';
import { loginGuard } from '../auth/loginGuard.js';
import { discover, jwksOf } from './oidc.js';
import type { PendingRow } from './sso.repo.js';
import { LINK_MINUTES } from './ssoFlow.service.js';
import { applyMapping, openSession } from './ssoSession.js';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * What follows the callback: the web app's exchange of a finished sign-in, the proof that joins a
 * provider's identity to an existing account, and the provider's back-channel logout.
 */
export function ssoLinkService(deps: Deps) {
  const { repos, clock, config, appKey } = deps;
  const now = () => iso(clock.now());
  const asLang = (v: string) => (v === 'es' ? 'es' : 'en');
  // The password proof is a sign-in with a password: the same limits, slow-down and lock apply.
  const guard = loginGuard({ throttles: repos.loginThrottles, limiter: deps.limiter, clock });

  /** A pending code that is unused and in time, with its provider and person; else SSO_LINK_INVALID. */
  async function usable(p: PendingRow | undefined) {
    const fresh = p && !p.used_at && Date.parse(p.expires_at) > clock.now().getTime();
    const provider = fresh ? await repos.sso.provider(p.provider_id) : undefined;
    const user = provider ? await repos.users.byId(p!.user_id) : undefined;
    if (!p || !provider || Number(provider.enabled) !== 1 || !user) throw new AppError('SSO_LINK_INVALID');
    return { pending: p, provider, user };
  }

  const claimsOf = (p: PendingRow) => JSON.parse(p.claims ?? '{}') as Record<string, unknown>;
  const sidOf = (claims: Record<string, unknown>) => (typeof claims.sid === 'string' ? claims.sid : null);

  /** Links (when asked) and signs in, using the code once: a second use of it is refused. */
  async function finish(ctx: AnyContext, found: Awaited<ReturnType<typeof usable>>, proof: 'password' | 'mail' | null) {
    const { pending, provider, user } = found;
    if (!canSignIn(user)) throw new AppError('ACCOUNT_ERROR');
    const claims = claimsOf(pending);
    return openSession(deps, ctx, user, sidOf(claims), provider, async (u) => {
      if (!(await u.repos.sso.consumePending(pending.id, now()))) throw new AppError('SSO_LINK_INVALID');
      let identityId = (await u.repos.sso.identity(pending.issuer, pending.sub))?.id;
      if (proof && !identityId) {
        identityId = await u.repos.sso.insertIdentity({
          user_id: user.id,
          provider_id: provider.id,
          issuer: pending.issuer,
          sub: pending.sub,
          email: pending.email,
          at: now(),
        });
        await u.audit({ event: 'sso.link', userId: user.id, info: { provider: provider.label, proof } });
      }
      if (!identityId) throw new AppError('SSO_LINK_INVALID');
      await applyMapping(u, provider, user, claims);
      return identityId;
    });
  }

  return {
    async complete(ctx: AnyContext, code: string) {
      return finish(ctx, await usable(await repos.sso.pendingByCode('signin', sha256(code))), null);
    },

    async linkInfo(code: string) {
      const { pending, provider } = await usable(await repos.sso.pendingByCode('link', sha256(code)));
      return { email: pending.email ?? '', provider: provider.label };
    },

    async linkPassword(ctx: AnyContext, code: string, password: string) {
      const found = await usable(await repos.sso.pendingByCode('link', sha256(code)));
      await guard.admit(found.user.email, ctx.ip);
      if (!(await checkPassword(found.user.password_hash, password))) {
        await deps.change(ctx, (u) =>
          u.audit({
            event: 'auth.login_failed',
            userId: found.user.id,
            info: { email: found.user.email, reason: 'wrong_credentials' },
          }),
        );
        throw new AppError('WRONG_CREDENTIALS');
      }
      await guard.succeeded(found.user.email, ctx.ip);
      return finish(ctx, found, 'password');
    },

    async linkMail(ctx: AnyContext, code: string) {
      const { pending, provider, user } = await usable(await repos.sso.pendingByCode('link', sha256(code)));
      const mailCode = randomToken();
      const url = `${config.appUrl}/sso/link/confirm#code=${mailCode}`;
      await deps.change(ctx, async (u) => {
        await u.repos.sso.setMailHash(pending.id, sha256(mailCode));
        await u.audit({ event: 'sso.link_mail', userId: user.id, info: { provider: provider.label } });
        await u.mail(ssoMails.linkProof(asLang(user.lang), user, provider.label, url, LINK_MINUTES));
      });
      return { message: 'Link sent' };
    },

    async linkConfirm(ctx: AnyContext, code: string) {
      return finish(ctx, await usable(await repos.sso.pendingByMail(sha256(code))), 'mail');
    },

    /**
     * Back-channel logout (OpenID Connect Back-Channel Logout 1.0): a logout token signed by the
     * provider, for this client, recent, with the logout event and no nonce, used once. Ends the
     * sessions of the identity it names (all of them, or the provider session `sid`).
     */
    async backchannelLogout(ctx: AnyContext, providerId: number, token: string): Promise<boolean> {
      const row = await repos.sso.provider(providerId);
      if (!row) return false;
      try {
        const cfg = await discover(
          row,
          row.client_secret ? open(appKey, row.client_secret) : null,
          clock.now().getTime(),
        );
        const { payload } = await jwtVerify(token, jwksOf(row, cfg), {
          issuer: cfg.serverMetadata().issuer,
          audience: row.client_id,
          maxTokenAge: '5m',
          currentDate: clock.now(),
          requiredClaims: ['iat', 'jti'],
        });
        const events = payload.events as Record<string, unknown> | undefined;
        if (!events || typeof events !== 'object' || !(BACKCHANNEL_EVENT in events)) return false;
        if ('nonce' in payload) return false;
        const sid = typeof payload.sid === 'string' ? payload.sid : null;
        if (!payload.sub && !sid) return false;
        const seen = await deps.limiter.hit(`sso-jti:${row.id}:${payload.jti}`, 600, 1);
        if (seen.count > 1) return false;
        const identity = payload.sub
          ? await repos.sso.identity(cfg.serverMetadata().issuer, payload.sub)
          : await repos.sso.identityBySid(row.id, sid!);
        if (!identity) return true;
        await deps
          .change(ctx, async (u) => {
            const ended = await u.repos.sso.endSessions(identity.id, payload.sub ? null : sid);
            await u.audit({
              event: 'sso.logout',
              userId: identity.user_id,
              info: { provider: row.label, sessions: ended.length },
            });
            return ended;
          })
          .then((ended) => ended.forEach((id) => deps.sessionEnded?.(id)));
        return true;
      } catch (err) {
        deps.log.info({ err: (err as Error).message, provider: row.id }, 'back-channel logout refused');
        return false;
      }
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    ssoLink: ReturnType<typeof ssoLinkService>;
  }
}
