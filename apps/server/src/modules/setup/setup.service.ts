import type { OrgNameBody, SetupFinishBody, SetupState } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { iso } from '../../lib/clock.js';
import type { AnyContext, RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { setupPolicy } from './setup.policy.js';
import { SETTING_KEYS } from './setup.repo.js';

const KEYS = [SETTING_KEYS.orgName, SETTING_KEYS.setupFinishedAt];

/**
 * The first run (issue 27 §7): the organisation's name and whether the setup screen is behind us.
 * It is done once an administrator completed or skipped it, or once any brand exists: an
 * installation already in use never sends its administrators back to a setup screen.
 */
export function setupService(deps: Deps) {
  const { repos, clock } = deps;

  async function state(): Promise<SetupState> {
    const [settings, anyBrand] = await Promise.all([repos.setup.settings(KEYS), repos.setup.anyBrand()]);
    const finishedAt = settings.get(SETTING_KEYS.setupFinishedAt) ?? null;
    return {
      done: finishedAt !== null || anyBrand,
      org_name: settings.get(SETTING_KEYS.orgName) ?? null,
      finished_at: finishedAt,
    };
  }

  return {
    async state(ctx: RequestContext) {
      authorize(setupPolicy.can(ctx.actor, 'view'));
      return state();
    },

    async orgInfo(_ctx: AnyContext) {
      const settings = await repos.setup.settings([SETTING_KEYS.orgName]);
      return { name: settings.get(SETTING_KEYS.orgName) ?? null };
    },

    async setOrgName(ctx: RequestContext, body: z.output<typeof OrgNameBody>) {
      authorize(setupPolicy.can(ctx.actor, 'update'));
      const before = (await state()).org_name;
      if (before === body.name) return state();
      await deps.change(ctx, async (u) => {
        await u.repos.setup.putSetting(SETTING_KEYS.orgName, body.name);
        await u.audit({ event: 'settings.org_name', changes: { name: { before, after: body.name } } });
      });
      return state();
    },

    /** Completed or skipped: either way the screen is not offered again (finishing twice changes nothing). */
    async finish(ctx: RequestContext, body: z.output<typeof SetupFinishBody>) {
      authorize(setupPolicy.can(ctx.actor, 'update'));
      if ((await state()).finished_at) return state();
      await deps.change(ctx, async (u) => {
        await u.repos.setup.putSetting(SETTING_KEYS.setupFinishedAt, iso(clock.now()));
        await u.audit({ event: 'settings.setup_finish', info: { outcome: body.outcome } });
      });
      return state();
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    setup: ReturnType<typeof setupService>;
  }
}
