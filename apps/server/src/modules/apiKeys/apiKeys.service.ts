import { API_KEY_MAX_DAYS } from '@brandvault/contract';
import type { ApiKeyAdminQuery, ApiKeyBody } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { Repos } from '../../deps/repos.js';
import type { Unit } from '../../unitOfWork/unitOfWork.js';
import { apiKeysPolicy } from './apiKeys.policy.js';
import { newApiKey } from './apiKeys.secret.js';
import { apiKeyAdminView, apiKeyView, keyState, scopesOf } from './apiKeys.view.js';

type Body = z.output<typeof ApiKeyBody>;
type AdminQuery = z.output<typeof ApiKeyAdminQuery>;
const DAY_MS = 24 * 60 * 60 * 1000;

const target = (r: { id: number; name: string }) => ({ type: 'api_key', id: r.id, label: r.name }) as const;

/** API keys (issue 41 §3): made, listed, rotated and revoked by their owner; revoked by administrators. */
export function apiKeysService(deps: Deps) {
  const { repos } = deps;
  const now = () => iso(deps.clock.now());

  /** Inserts a key and its audit entry; the secret leaves only in the answer. */
  async function mint(
    u: Unit<Repos>,
    userId: number,
    fields: { name: string; scopes: string[]; expires_at: string | null },
  ) {
    const key = newApiKey();
    const at = now();
    const { id } = await u.repos.apiKeys.insert({
      user_id: userId,
      name: fields.name,
      key_hash: key.hash,
      last4: key.last4,
      scopes_json: JSON.stringify(fields.scopes),
      expires_at: fields.expires_at,
      created_at: at,
      last_used_at: null,
      revoked_at: null,
    });
    return { id, secret: key.secret };
  }

  async function fresh(id: number) {
    const r = await repos.apiKeys.one(id);
    if (!r) throw new AppError('NOT_FOUND');
    return apiKeyView(r, now());
  }

  /** A key of the caller's own (others' answer 404, as if they did not exist). */
  async function own(ctx: RequestContext, id: number, action: 'revoke' | 'rotate') {
    const r = await repos.apiKeys.one(id);
    if (!r || !apiKeysPolicy.can(ctx.actor, action, r)) throw new AppError('NOT_FOUND');
    return r;
  }

  async function revokeRow(ctx: RequestContext, r: { id: number; name: string; user_id: number }) {
    await deps.change(ctx, async (u) => {
      if (await u.repos.apiKeys.revoke(r.id, now()))
        await u.audit({
          event: 'apiKey.revoke',
          target: target(r),
          changes: { revoked: { before: false, after: true } },
          info: { owner_id: r.user_id },
        });
    });
    return fresh(r.id);
  }

  return {
    async list(ctx: RequestContext) {
      const at = now();
      return { items: (await repos.apiKeys.ofUser(ctx.actor.user.id)).map((r) => apiKeyView(r, at)) };
    },

    async create(ctx: RequestContext, body: Body) {
      authorize(apiKeysPolicy.can(ctx.actor, 'create'));
      const held = apiKeysPolicy.grantable(ctx.actor);
      const missing = body.scopes.filter((s) => !held.has(s));
      if (missing.length)
        throw new AppError('INVALID_DATA', {
          fieldKeys: { scopes: 'scopeNotHeld' },
          fieldVars: { values: missing.join(', ') },
        });
      if (body.expires_at !== null) {
        const t = Date.parse(body.expires_at) - deps.clock.now().getTime();
        if (!(t > 0) || t > API_KEY_MAX_DAYS * DAY_MS)
          throw new AppError('INVALID_DATA', {
            fieldKeys: { expires_at: 'expiryFuture' },
            fieldVars: { n: API_KEY_MAX_DAYS },
          });
      }
      const fields = {
        name: body.name,
        scopes: body.scopes,
        expires_at: body.expires_at === null ? null : iso(new Date(body.expires_at)),
      };
      const made = await deps.change(ctx, async (u) => {
        const m = await mint(u, ctx.actor.user.id, fields);
        await u.audit({
          event: 'apiKey.create',
          target: target({ id: m.id, name: fields.name }),
          info: { scopes: fields.scopes, expires_at: fields.expires_at },
        });
        return m;
      });
      return { api_key: await fresh(made.id), secret: made.secret };
    },

    async revoke(ctx: RequestContext, id: number) {
      return revokeRow(ctx, await own(ctx, id, 'revoke'));
    },

    /** A new secret with the same name, scopes and expiry; the old key stops at once. */
    async rotate(ctx: RequestContext, id: number) {
      const old = await own(ctx, id, 'rotate');
      if (keyState(old, now()) !== 'active') throw new AppError('NOT_FOUND');
      const made = await deps.change(ctx, async (u) => {
        if (!(await u.repos.apiKeys.revoke(old.id, now()))) throw new AppError('NOT_FOUND');
        const m = await mint(u, old.user_id, {
          name: old.name,
          scopes: scopesOf(old.scopes_json),
          expires_at: old.expires_at,
        });
        await u.audit({
          event: 'apiKey.rotate',
          target: target({ id: m.id, name: old.name }),
          info: { replaces: old.id },
        });
        return m;
      });
      return { api_key: await fresh(made.id), secret: made.secret };
    },

    async adminList(ctx: RequestContext, q: AdminQuery) {
      authorize(apiKeysPolicy.can(ctx.actor, 'administer'));
      const at = now();
      const perPage = q.per_page ?? 20;
      const r = await repos.apiKeys.all({
        ...(q.user_id !== undefined ? { userId: q.user_id } : {}),
        ...(q.active === 'true' ? { activeAt: at } : {}),
        page: q.page,
        perPage,
      });
      return { items: r.items.map((k) => apiKeyAdminView(k, at)), total: r.total, page: q.page, per_page: perPage };
    },

    async adminRevoke(ctx: RequestContext, id: number) {
      authorize(apiKeysPolicy.can(ctx.actor, 'administer'));
      const r = await repos.apiKeys.one(id);
      if (!r) throw new AppError('NOT_FOUND');
      return revokeRow(ctx, r);
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    apiKeys: ReturnType<typeof apiKeysService>;
  }
}
