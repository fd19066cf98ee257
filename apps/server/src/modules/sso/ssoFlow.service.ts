import { DEFAULT_SIGNUP_ROLE } from '@brandvault/contract';
import type { SsoError } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import { open } from '../../lib/secretBox.js';
import { mails } from '../../mail/templates.js';
import type { Deps } from '../../deps/deps.js';
import type { AnyContext } from '../../lib/requestContext.js';
import { canSignIn } from '../../access/principal.js';
import { newUserRow } from '../users/userRow.js';
import { FLOW_MINUTES, openFlow, sealFlow } from './flowCookie.js';
import { client, discover, discoveryReason } from './oidc.js';
import type { ProviderRow } from './sso.repo.js';
import { allowedDomains, mappingOf, preapprovedDomains } from './sso.view.js';
import { applyMapping } from './ssoSession.js';

/** How long the web app has to exchange a finished sign-in's code, and a person to prove their account. */
export const HANDOFF_SECONDS = 120;
export const LINK_MINUTES = 30;

/** A refusal of the flow: the web app's sign-in page says why, nothing was created. */
class Refused extends Error {
  constructor(
    readonly reason: SsoError,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

const safeNext = (next: string | null | undefined) =>
  next && /^\/(?![/\\])[^\s]*$/.test(next) && !next.startsWith('/api/') ? next : null;

/** The browser's round trip through the provider: start, and the callback's outcome. */
export function ssoFlowService(deps: Deps) {
  const { repos, clock, config, appKey } = deps;
  const now = () => iso(clock.now());
  const redirectUri = `${config.appUrl}/api/sso/callback`;
  const asLang = (v: string) => (v === 'es' ? 'es' : 'en');

  async function configOf(row: ProviderRow) {
    try {
      return await discover(row, row.client_secret ? open(appKey, row.client_secret) : null, clock.now().getTime());
    } catch (err) {
      const reason = discoveryReason(err);
      await deps.tx((t) =>
        t.repos.sso.updateProvider(row.id, { status: 'unreachable', status_reason: reason, checked_at: now() }),
      );
      throw new Refused('unreachable', reason);
    }
  }

  /** A one-time code for the web app, kept as a hash; the person it names and why. */
  async function pending(
    kind: 'signin' | 'link',
    row: ProviderRow,
    userId: number,
    who: { issuer: string; sub: string; email: string | null; claims: Record<string, unknown> },
    seconds: number,
  ) {
    const code = randomToken();
    const at = clock.now().getTime();
    await deps.tx(async (t) => {
      await t.repos.sso.deleteStalePending(iso(new Date(at - 24 * 3600_000)));
      await t.repos.sso.insertPending({
        kind,
        code_hash: sha256(code),
        mail_hash: null,
        user_id: userId,
        provider_id: row.id,
        issuer: who.issuer,
        sub: who.sub,
        email: who.email,
        claims: JSON.stringify(who.claims),
        created_at: iso(new Date(at)),
        expires_at: iso(new Date(at + seconds * 1000)),
        used_at: null,
      });
    });
    return code;
  }

  /** The checked answer of the provider: the ID token's claims (and userinfo's e-mail if it had none). */
  async function exchange(
    row: ProviderRow,
    query: Record<string, unknown>,
    flow: NonNullable<ReturnType<typeof openFlow>>,
  ) {
    const config = await configOf(row);
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (typeof v === 'string') params.set(k, v);
    if (params.get('state') !== flow.state) throw new Refused('state');
    if (params.has('error')) throw new Refused('refused', params.get('error') ?? undefined);
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri}?${params}`), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      // The provider refusing the code (used already, expired) is told apart from a bad ID token.
      const e = err as { error?: string; message?: string };
      if (e.error) throw new Refused('refused', e.error);
      throw new Refused('token', e.message);
    }
    const idClaims = tokens.claims()!;
    let claims: Record<string, unknown> = { ...idClaims };
    // Many providers put the e-mail and groups in userinfo only: ask it when the ID token lacks them.
    const mapped = mappingOf(row)?.claim;
    if ((typeof claims.email !== 'string' || (mapped && !(mapped in claims))) && tokens.access_token) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub).catch(() => null);
      // The ID token's own claims win: userinfo only fills what it lacked.
      if (info) claims = { ...info, ...claims };
    }
    const email = typeof claims.email === 'string' ? claims.email : null;
    return {
      issuer: config.serverMetadata().issuer,
      sub: idClaims.sub,
      email: email?.trim().toLowerCase() ?? null,
      // A provider that says the address is unverified does not vouch for it.
      verified: claims.email_verified !== false,
      claims,
    };
  }

  async function signUp(ctx: AnyContext, row: ProviderRow, who: Awaited<ReturnType<typeof exchange>>, email: string) {
    const domain = email.split('@')[1] ?? '';
    const approved = preapprovedDomains(row).includes(domain) && who.verified;
    const at = now();
    const str = (k: string) =>
      typeof who.claims[k] === 'string' ? (who.claims[k] as string).trim().slice(0, 100) : '';
    const name = str('name').split(/\s+/);
    const first = str('given_name') || name[0] || email.split('@')[0]!.slice(0, 100);
    const last = str('family_name') || name.slice(1).join(' ') || '-';
    // No password the person knows: they sign in with the provider (or choose one by "forgot password").
    const passwordHash = await hashPassword(randomToken());
    return deps.change(ctx, async (u) => {
      const userId = await u.repos.users.insert(
        newUserRow({
          first_name: first,
          last_name: last,
          email,
          password_hash: passwordHash,
          at,
          lang: ctx.lang,
          status: approved ? 'ACTIVE' : 'INACTIVE',
          verified_at: who.verified ? at : null,
          approved_at: approved ? at : null,
        }),
      );
      await u.repos.roles.setUserRoles(userId, [DEFAULT_SIGNUP_ROLE]);
      const identityId = await u.repos.sso.insertIdentity({
        user_id: userId,
        provider_id: row.id,
        issuer: who.issuer,
        sub: who.sub,
        email,
        at,
      });
      const user = (await u.repos.users.byId(userId))!;
      await u.audit({ event: 'sso.signup', userId, info: { provider: row.label, email, approved } });
      await applyMapping(u, row, user, who.claims);
      if (!approved) {
        const pendingUrl = `${config.appUrl}/users?status=PENDING`;
        for (const admin of await u.repos.roles.activeUsersWithRole('admin'))
          await u.mail(mails.registrationNotice(asLang(admin.lang), admin, user, pendingUrl));
      }
      return { user, identityId, approved };
    });
  }

  /** Where the browser goes once the provider's answer is checked. */
  async function outcome(
    ctx: AnyContext,
    row: ProviderRow,
    who: Awaited<ReturnType<typeof exchange>>,
    next: string | null,
  ) {
    const after = next ? `?next=${encodeURIComponent(next)}` : '';
    const identity = await repos.sso.identity(who.issuer, who.sub);
    if (identity) {
      const user = await repos.users.byId(identity.user_id);
      if (!user || !canSignIn(user)) throw new Refused('account');
      const code = await pending('signin', row, user.id, who, HANDOFF_SECONDS);
      return `/sso/done${after}#code=${code}`;
    }
    if (!who.email) throw new Refused('email');
    const domain = who.email.split('@')[1] ?? '';
    const allowed = allowedDomains(row);
    if (allowed.length && !allowed.includes(domain)) throw new Refused('domain', domain);
    const existing = await repos.users.byEmail(who.email);
    if (existing) {
      // Never linked by e-mail alone: the person proves the account first (issue 41 §1).
      const code = await pending('link', row, existing.id, who, LINK_MINUTES * 60);
      return `/sso/link${after}#code=${code}`;
    }
    if (Number(row.allow_signup) !== 1) throw new Refused('signup');
    const made = await signUp(ctx, row, who, who.email);
    if (!made.approved) return '/sso/waiting';
    const code = await pending('signin', row, made.user.id, who, HANDOFF_SECONDS);
    return `/sso/done${after}#code=${code}`;
  }

  return {
    /** The provider's authorization address, and the sealed flow cookie for the callback. */
    async start(ctx: AnyContext, id: number, next: string | undefined) {
      const row = await repos.sso.provider(id);
      if (!row || Number(row.enabled) !== 1) throw new AppError('NOT_FOUND');
      try {
        const config = await configOf(row);
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        const nonce = client.randomNonce();
        const url = client.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: row.scopes,
          response_type: 'code',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
          ...(ctx.lang === 'es' ? { ui_locales: 'es' } : {}),
        });
        const exp = clock.now().getTime() + FLOW_MINUTES * 60_000;
        const cookie = sealFlow(appKey, { p: row.id, state, nonce, verifier, next: safeNext(next), exp });
        return { location: url.href, cookie };
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        await this.refused(ctx, row, err);
        return { location: `${config.appUrl}/login?sso_error=${err.reason}`, cookie: null };
      }
    },

    /** Checks the provider's answer against the flow cookie; the web address the browser goes to. */
    async callback(ctx: AnyContext, query: Record<string, unknown>, cookie: string | undefined) {
      const flow = openFlow(appKey, cookie, clock.now().getTime());
      const row = flow ? await repos.sso.provider(flow.p) : undefined;
      try {
        if (!flow) throw new Refused('state');
        if (!row || Number(row.enabled) !== 1) throw new Refused('disabled');
        const who = await exchange(row, query, flow);
        return `${config.appUrl}${await outcome(ctx, row, who, flow.next)}`;
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        await this.refused(ctx, row, err);
        return `${config.appUrl}/login?sso_error=${err.reason}`;
      }
    },

    /** A refused sign-in changes nothing, yet is recorded with its reason. */
    async refused(ctx: AnyContext, row: ProviderRow | undefined, err: Refused) {
      deps.log.info({ reason: err.reason, detail: err.detail, provider: row?.id }, 'single sign-on refused');
      await deps.change(ctx, (u) =>
        u.audit({
          event: 'sso.login_refused',
          userId: null,
          info: { provider: row?.label ?? null, reason: err.reason },
        }),
      );
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    ssoFlow: ReturnType<typeof ssoFlowService>;
  }
}
