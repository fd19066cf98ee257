import type { z } from 'zod';
import { STATS_TOP } from '@brandvault/contract';
import type { UserStatsBody } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { usersPolicy } from './users.policy.js';

/**
 * The users figures of the dashboard (§7 `PUT ops/users/statistics`), over the people the caller
 * may list (everyone for administrators, else those sharing a brand with them), optionally of one
 * brand they see (404 otherwise).
 */
export function userStatsService(deps: Pick<Deps, 'repos' | 'handle' | 'clock'>) {
  const repo = deps.repos.userStats;
  const activity = deps.repos.stats;
  /** Whose activity counts: of the brand asked for, else everyone's (administrators) or the caller's brands'. */
  const activeBrands = async (viewer: number | undefined, brandId: number | undefined) =>
    brandId !== undefined
      ? [brandId]
      : viewer === undefined
        ? undefined
        : (await deps.repos.brands.forUser(viewer, false)).map((b) => b.id);
  return async (ctx: RequestContext, body: z.output<typeof UserStatsBody>) => {
    const { actor } = ctx;
    if (body.brand_id !== undefined) await visibleBrand(deps.repos, actor, body.brand_id);
    const scope = {
      viewer: usersPolicy.seesEveryone(actor) ? undefined : actor.user.id,
      brandId: body.brand_id,
    };
    const since = iso(new Date(deps.clock.now().getTime() - (body.days - 1) * 86_400_000)).slice(0, 10);
    const [status, pending, roles, brands, signups, active] = await Promise.all([
      repo.byStatus(scope),
      repo.pending(scope),
      repo.byRole(scope),
      repo.byBrand(scope),
      repo.signups(scope, since),
      activeBrands(scope.viewer, body.brand_id).then((ids) => activity.active(ids, since, STATS_TOP)),
    ]);
    const byStatus = Object.fromEntries(status.map((r) => [r.status, Number(r.n)]));
    return {
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      by_status: byStatus,
      by_role: Object.fromEntries(roles.map((r) => [r.name, Number(r.n)])),
      by_brand: brands.map((b) => ({ id: b.id, name: b.name, count: Number(b.n) })),
      pending_approval: Number(pending.n),
      signups: signups.map((r) => ({ day: r.day, count: Number(r.n) })),
      active,
    };
  };
}

declare module '../../deps/services.js' {
  interface Services {
    userStats: ReturnType<typeof userStatsService>;
  }
}
