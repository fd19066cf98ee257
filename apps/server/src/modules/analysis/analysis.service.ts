import type { AnalysisAnswer, AnalysisSettingsBody } from '@brandvault/contract';
import type { Deps } from '../../deps/deps.js';
import type { Repos } from '../../deps/repos.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { requireAccess } from '../access/requireAccess.js';
import { brandTarget, changesOf } from '../audit/audit.trail.js';
import { brandAccess } from '../brands/brands.policy.js';
import { backfillTotal } from './analysis.backfill.js';
import { ANALYSES, countsOf, onThresholdChange } from './registry.js';

/** A brand's smart search settings, the state of its analyses, and the backfill (issue 42 §6). */
export function analysisService(deps: Deps) {
  /** The brand's managers (brand.manage, members of the brand or admins): 404 for anyone else. */
  const brandOf = async (ctx: RequestContext, brandId: number) =>
    (
      await requireAccess(deps.repos, { actor: ctx.actor, permission: 'update', kind: brandAccess, ids: [brandId] })
    )[0]!;

  async function answer(repos: Repos, brandId: number): Promise<AnalysisAnswer> {
    const settings = await repos.analysis.settings(brandId);
    const installation = deps.config.analysis;
    const analyses = [];
    for (const entry of ANALYSES)
      analyses.push({
        kind: entry.kind,
        running: installation.includes(entry.kind) && settings[entry.kind],
        ...(await countsOf(entry, repos, brandId)),
      });
    return { settings, installation: [...installation], analyses };
  }

  return {
    async get(ctx: RequestContext, brandId: number) {
      await brandOf(ctx, brandId);
      return answer(deps.repos, brandId);
    },

    /** Faces stay as stored: only an admin turns them on or off, on the people screen. */
    async save(ctx: RequestContext, brandId: number, body: AnalysisSettingsBody) {
      const brand = await brandOf(ctx, brandId);
      await deps.change(ctx, async (u) => {
        const before = await u.repos.analysis.settings(brandId);
        const after = { ...before, ...body };
        const changes = changesOf(before, after, ['text', 'objects', 'colours', 'object_threshold']);
        if (!Object.keys(changes).length) return;
        await u.repos.analysis.saveSettings(brandId, after, iso(deps.clock.now()));
        await u.audit({ event: 'analysis.settings', target: brandTarget(brand), changes, info: { brand_id: brandId } });
        if (changes.object_threshold) for (const hook of onThresholdChange) await hook(u, brandId);
      });
      return answer(deps.repos, brandId);
    },

    async backfill(ctx: RequestContext, brandId: number) {
      const brand = await brandOf(ctx, brandId);
      const total = await backfillTotal(deps, brandId);
      const jobId = await deps.change(ctx, async (u) => {
        const id = (await u.enqueue('analysis.backfill', { brand_id: brandId }, { ownerId: ctx.actor.user.id }))!;
        await u.audit({ event: 'analysis.backfill', target: brandTarget(brand), info: { brand_id: brandId, total } });
        return id;
      });
      return { job_id: jobId, total };
    },
  };
}
export type AnalysisService = ReturnType<typeof analysisService>;

declare module '../../deps/services.js' {
  interface Services {
    analysis: AnalysisService;
  }
}
