import type { z } from 'zod';
import type { ClaimMapping, ProviderBody, ProviderUpdateBody } from '@brandvault/contract';
import { AppError, found, invalid } from '../../http/errors.js';
import { authorize } from '../../http/authorize.js';
import { iso } from '../../lib/clock.js';
import { open, seal } from '../../lib/secretBox.js';
import type { Deps } from '../../deps/deps.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { changesOf, created } from '../audit/audit.trail.js';
import { discover, discoveryReason, isLoopbackIssuer } from './oidc.js';
import { ssoPolicy } from './sso.policy.js';
import type { ProviderRow } from './sso.repo.js';
import { allowedDomains, mappingOf, preapprovedDomains, providerView } from './sso.view.js';

type Body = z.output<typeof ProviderBody>;
type Patch = z.output<typeof ProviderUpdateBody>;

const target = (p: { id: number; label: string }) => ({ type: 'sso_provider', id: p.id, label: p.label }) as const;
/** Fields the OIDC_* variables own on the provider they set. */
const ENV_FIELDS = [
  'label',
  'issuer',
  'client_id',
  'client_secret',
  'scopes',
  'allow_signup',
  'allowed_domains',
  'preapproved_domains',
] as const;

/** What an audit entry may say of a provider: its settings, never its secret. */
const recorded = (row: ProviderRow) => ({
  label: row.label,
  issuer: row.issuer,
  client_id: row.client_id,
  scopes: row.scopes,
  allow_signup: Number(row.allow_signup) === 1,
  allowed_domains: allowedDomains(row),
  preapproved_domains: preapprovedDomains(row),
  claim_mapping: mappingOf(row),
  enabled: Number(row.enabled) === 1,
});

/** The administrators' side of single sign-on: providers, their discovery, and SSO-only roles. */
export function ssoService(deps: Deps) {
  const { repos, clock, config, appKey } = deps;
  const now = () => iso(clock.now());
  const manage = (ctx: RequestContext) => authorize(ssoPolicy.can(ctx.actor, 'manage'));

  async function provider(id: number) {
    const row = await repos.sso.provider(id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Plain http only for a loopback issuer (tests, local development); anything else is https. */
  function checkIssuer(issuer: string | undefined) {
    if (issuer && new URL(issuer).protocol !== 'https:' && !isLoopbackIssuer(issuer))
      throw invalid({ issuer: 'httpsIssuer' });
  }

  /** Roles and brands a mapping names must exist: a typo would silently grant nothing. */
  async function checkMapping(mapping: ClaimMapping | null | undefined) {
    if (!mapping) return;
    const roles = new Set(await repos.roles.roleNames());
    const brands = await repos.brands.existingIds(mapping.rules.flatMap((r) => r.brands));
    mapping.rules.forEach((r, i) => {
      if (r.roles.some((n) => !roles.has(n))) throw invalid({ [`claim_mapping.rules.${i}.roles`]: 'unknownRole' });
      if (r.brands.some((b) => !brands.has(b))) throw invalid({ [`claim_mapping.rules.${i}.brands`]: 'invalid' });
    });
  }

  /** Tries the provider's discovery now and records the outcome (bookkeeping, not a user's change). */
  async function check(row: ProviderRow) {
    const at = now();
    let status: 'ok' | 'unreachable' = 'ok';
    let reason: string | null = null;
    try {
      await discover(row, row.client_secret ? open(appKey, row.client_secret) : null, clock.now().getTime());
    } catch (err) {
      status = 'unreachable';
      reason = discoveryReason(err);
    }
    await deps.tx((t) => t.repos.sso.updateProvider(row.id, { status, status_reason: reason, checked_at: at }));
    return { status, status_reason: reason, checked_at: at };
  }

  const columns = (b: Partial<Body>) => ({
    ...(b.label !== undefined && { label: b.label }),
    ...(b.issuer !== undefined && { issuer: b.issuer.replace(/\/$/, '') }),
    ...(b.client_id !== undefined && { client_id: b.client_id }),
    ...(b.client_secret !== undefined && { client_secret: seal(appKey, b.client_secret) }),
    ...(b.scopes !== undefined && { scopes: b.scopes }),
    ...(b.allow_signup !== undefined && { allow_signup: b.allow_signup ? 1 : 0 }),
    ...(b.allowed_domains !== undefined && { allowed_domains: JSON.stringify(b.allowed_domains) }),
    ...(b.preapproved_domains !== undefined && { preapproved_domains: JSON.stringify(b.preapproved_domains) }),
    ...(b.claim_mapping !== undefined && { claim_mapping: b.claim_mapping ? JSON.stringify(b.claim_mapping) : null }),
    ...(b.enabled !== undefined && { enabled: b.enabled ? 1 : 0 }),
  });

  return {
    /** The sign-in page's buttons: enabled providers, id and label only. */
    async publicList() {
      const rows = await repos.sso.providers();
      return { data: rows.filter((r) => Number(r.enabled) === 1).map((r) => ({ id: r.id, label: r.label })) };
    },

    async list(ctx: RequestContext) {
      manage(ctx);
      return { data: (await repos.sso.providers()).map((r) => providerView(r, config.appUrl)) };
    },

    async create(ctx: RequestContext, body: Body) {
      manage(ctx);
      checkIssuer(body.issuer);
      await checkMapping(body.claim_mapping);
      const at = now();
      const id = await deps.change(ctx, async (u) => {
        const id = await u.repos.sso.insertProvider({
          label: body.label,
          issuer: body.issuer.replace(/\/$/, ''),
          client_id: body.client_id,
          client_secret: body.client_secret ? seal(appKey, body.client_secret) : null,
          scopes: body.scopes,
          allow_signup: body.allow_signup ? 1 : 0,
          allowed_domains: JSON.stringify(body.allowed_domains),
          preapproved_domains: JSON.stringify(body.preapproved_domains),
          claim_mapping: body.claim_mapping ? JSON.stringify(body.claim_mapping) : null,
          enabled: body.enabled ? 1 : 0,
          from_env: 0,
          status: 'unchecked',
          status_reason: null,
          checked_at: null,
          created_at: at,
          updated_at: at,
        });
        const row = (await u.repos.sso.provider(id))!;
        await u.audit({
          event: 'sso.provider_create',
          target: target(row),
          changes: created({ ...recorded(row), client_secret: body.client_secret ? 'set' : undefined }),
        });
        return id;
      });
      await check(found(await repos.sso.provider(id)));
      return providerView(found(await repos.sso.provider(id)), config.appUrl);
    },

    async update(ctx: RequestContext, id: number, body: Patch) {
      manage(ctx);
      const before = await provider(id);
      if (Number(before.from_env) === 1) {
        const owned = ENV_FIELDS.find((f) => body[f] !== undefined);
        if (owned) throw invalid({ [owned]: 'envProvider' });
      }
      checkIssuer(body.issuer);
      await checkMapping(body.claim_mapping);
      await deps.change(ctx, async (u) => {
        await u.repos.sso.updateProvider(id, { ...columns(body), updated_at: now() });
        const after = (await u.repos.sso.provider(id))!;
        const changes = changesOf(recorded(before), recorded(after), Object.keys(recorded(after)) as never[]);
        if (body.client_secret !== undefined) changes.client_secret = { before: 'set', after: 'replaced' };
        await u.audit({ event: 'sso.provider_update', target: target(after), changes });
      });
      const row = found(await repos.sso.provider(id));
      if (body.issuer !== undefined || body.client_id !== undefined || body.client_secret !== undefined)
        await check(row);
      return providerView(found(await repos.sso.provider(id)), config.appUrl);
    },

    async remove(ctx: RequestContext, id: number) {
      manage(ctx);
      const row = await provider(id);
      if (Number(row.from_env) === 1) throw invalid({ id: 'envProvider' });
      await deps.change(ctx, async (u) => {
        await u.repos.sso.deleteProvider(id);
        await u.audit({ event: 'sso.provider_delete', target: target(row) });
      });
      return { message: 'Deleted' };
    },

    async test(ctx: RequestContext, id: number) {
      manage(ctx);
      const row = await provider(id);
      const result = await check(row);
      await deps.change(ctx, (u) =>
        u.audit({ event: 'sso.provider_test', target: target(row), info: { status: result.status } }),
      );
      return result;
    },

    async roles(ctx: RequestContext) {
      manage(ctx);
      const rows = await repos.sso.roles();
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          sso_only: Number(r.sso_only) === 1,
          locked: r.name === 'admin',
        })),
      };
    },

    async setRole(ctx: RequestContext, id: number, ssoOnly: boolean) {
      manage(ctx);
      const role = await repos.sso.role(id);
      if (!role) throw new AppError('NOT_FOUND');
      // The break-glass: administrators always keep password sign-in, so nobody is locked out.
      if (role.name === 'admin' && ssoOnly) throw invalid({ sso_only: 'ssoAdminRole' });
      const before = Number(role.sso_only) === 1;
      if (before !== ssoOnly)
        await deps.change(ctx, async (u) => {
          await u.repos.sso.setSsoOnly(id, ssoOnly);
          await u.audit({
            event: 'role.sso_only',
            target: { type: 'role', id, label: role.name },
            changes: { sso_only: { before, after: ssoOnly } },
          });
        });
      return { id, name: role.name, sso_only: ssoOnly, locked: role.name === 'admin' };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    sso: ReturnType<typeof ssoService>;
  }
}
