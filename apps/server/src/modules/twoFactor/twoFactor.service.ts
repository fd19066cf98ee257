import type { RoleTwoFactor, TwoFactorProofBody, TwoFactorStatus } from '@brandvault/contract';
import { authorize } from '../../http/authorize.js';
import { AppError, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { twoFactorMails } from '../../mail/twoFactorMails.js';
import type { Deps } from '../../deps/deps.js';
import { userTarget } from '../audit/audit.trail.js';
import { usersPolicy } from '../users/users.policy.js';
import { visibleUser } from '../users/userAccess.js';
import { twoFactorCodes } from './codes.js';
import { twoFactorPolicy } from './twoFactor.policy.js';
import { startEnrolment } from './enrol.js';
import { newRecoveryCodes } from './totp.js';

const asLang = (v: string) => (v === 'es' ? 'es' : 'en');

/**
 * Two-factor sign-in (issue 41 §2): a person turns it on, off and renews recovery codes from their
 * profile; administrators reset it for someone and require it of roles. The sign-in steps are
 * modules/auth/twoFactorLogin.ts.
 */
export function twoFactorService(deps: Deps) {
  const { repos, clock, config } = deps;
  const now = () => iso(clock.now());
  const codes = twoFactorCodes(deps);

  const self = (ctx: RequestContext) => authorize(twoFactorPolicy.selfService(ctx.actor));
  const own = (ctx: RequestContext) => authorize(twoFactorPolicy.ownChange(ctx.actor));

  async function statusOf(userId: number): Promise<TwoFactorStatus> {
    const [row, required, left] = await Promise.all([
      repos.twoFactor.of(userId),
      repos.twoFactor.required(userId),
      repos.twoFactor.recoveryLeft(userId),
    ]);
    const enabled = !!row?.enabled_at;
    return { enabled, enabled_at: row?.enabled_at ?? null, recovery_codes_left: enabled ? left : 0, required };
  }

  async function enabledRow(userId: number, field: string) {
    const row = await repos.twoFactor.of(userId);
    if (!row?.enabled_at) throw invalid({ [field]: 'twoFactorOff' });
    return row;
  }

  /** The password or a current code: whoever holds an open session must still prove it is them. */
  async function prove(ctx: RequestContext, body: TwoFactorProofBody) {
    const { user } = ctx.actor;
    const row = await enabledRow(user.id, body.code ? 'code' : 'password');
    if (body.code) {
      const outcome = await codes.check(ctx.ip, row, body.code);
      if (outcome !== 'ok') throw invalid({ code: 'twoFactorCode' });
    } else if (!(await codes.checkPassword(ctx.ip, user, body.password ?? ''))) {
      throw invalid({ password: 'invalid' });
    }
  }

  return {
    statusOf,
    status: async (ctx: RequestContext) => (self(ctx), statusOf(ctx.actor.user.id)),

    setup: async (ctx: RequestContext) => (own(ctx), startEnrolment(deps, ctx.actor.user)),

    async confirm(ctx: RequestContext, code: string) {
      own(ctx);
      const userId = ctx.actor.user.id;
      const row = await repos.twoFactor.of(userId);
      if (!row) throw invalid({ code: 'twoFactorSetupFirst' });
      if (row.enabled_at) throw invalid({ code: 'twoFactorOn' });
      if ((await codes.check(ctx.ip, row, code)) !== 'ok') throw invalid({ code: 'twoFactorCode' });
      const fresh = newRecoveryCodes();
      await deps.change(ctx, async (u) => {
        await u.repos.twoFactor.enable(userId, now());
        await u.repos.twoFactor.replaceRecoveryCodes(userId, fresh.hashes, now());
        await u.audit({ event: 'auth.two_factor_enable' });
      });
      return { recovery_codes: fresh.codes };
    },

    async disable(ctx: RequestContext, body: TwoFactorProofBody) {
      own(ctx);
      const userId = ctx.actor.user.id;
      if (await repos.twoFactor.required(userId)) throw invalid({ password: 'twoFactorRequired' });
      await prove(ctx, body);
      await deps.change(ctx, async (u) => {
        await u.repos.twoFactor.remove(userId);
        await u.audit({ event: 'auth.two_factor_disable' });
      });
      return statusOf(userId);
    },

    async regenerate(ctx: RequestContext, body: TwoFactorProofBody) {
      own(ctx);
      await prove(ctx, body);
      const fresh = newRecoveryCodes();
      await deps.change(ctx, async (u) => {
        await u.repos.twoFactor.replaceRecoveryCodes(ctx.actor.user.id, fresh.hashes, now());
        await u.audit({ event: 'auth.two_factor_recovery_codes' });
      });
      return { recovery_codes: fresh.codes };
    },

    async ofUser(ctx: RequestContext, id: number) {
      self(ctx);
      await visibleUser(repos, ctx.actor, id);
      const row = await repos.twoFactor.of(id);
      return { enabled: !!row?.enabled_at, enabled_at: row?.enabled_at ?? null };
    },

    /** Someone lost their phone: their two-factor goes, and they are told by e-mail. */
    async reset(ctx: RequestContext, id: number) {
      self(ctx);
      const target = await visibleUser(repos, ctx.actor, id);
      authorize(usersPolicy.manages(ctx.actor, (await repos.roles.rolesByUser([id])).get(id) ?? []));
      const row = await repos.twoFactor.of(id);
      if (!row?.enabled_at) throw invalid({ id: 'twoFactorOff' });
      await deps.change(ctx, async (u) => {
        await u.repos.twoFactor.remove(id);
        await u.audit({ event: 'user.two_factor_reset', target: userTarget(target) });
        await u.mail(twoFactorMails.reset(asLang(target.lang), target, `${config.appUrl}/login`));
      });
      return { message: 'Two-factor sign-in turned off' };
    },

    async roles(ctx: RequestContext) {
      self(ctx);
      const rows = await repos.twoFactor.roles();
      return { data: rows.map((r) => ({ id: r.id, name: r.name, required: r.requires_two_factor === 1 })) };
    },

    async setRole(ctx: RequestContext, id: number, required: boolean): Promise<RoleTwoFactor> {
      self(ctx);
      const role = await repos.twoFactor.role(id);
      if (!role) throw new AppError('NOT_FOUND');
      const before = role.requires_two_factor === 1;
      if (before !== required)
        await deps.change(ctx, async (u) => {
          await u.repos.twoFactor.setRoleRequired(id, required);
          await u.audit({
            event: 'role.two_factor',
            target: { type: 'role', id, label: role.name },
            changes: { requires_two_factor: { before, after: required } },
          });
        });
      return { id, name: role.name, required };
    },
  };
}
export type TwoFactorService = ReturnType<typeof twoFactorService>;

declare module '../../deps/services.js' {
  interface Services {
    twoFactor: ReturnType<typeof twoFactorService>;
  }
}
