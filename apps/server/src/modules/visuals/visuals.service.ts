import type { AssetVisuals, LookAlike } from '@brandvault/contract';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { hamming } from '../../media/visuals.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess } from '../assets/assets.policy.js';
import { brandAccess } from '../brands/brands.policy.js';
import { analysisRuns } from '../analysis/switch/analysisSwitch.js';

/** At most this many bits apart counts as similar; at most NEAR as a near-duplicate (the notice). */
const SIMILAR = 16;
const NEAR = 6;
const LIMIT = 24;

/** Colours, look-alikes and the brand backfill (issue 42 §4). */
export function visualsService(deps: Deps) {
  /** Assets of the asset's brand that look like it and that the caller may see, nearest first. */
  async function lookAlikes(ctx: RequestContext, id: number, within: number): Promise<LookAlike[]> {
    const [asset] = await requireAccess(deps.repos, {
      actor: ctx.actor,
      permission: 'view',
      kind: assetAccess,
      ids: [id],
    });
    const mine = await deps.repos.visuals.byAsset(id);
    if (!mine?.hash || mine.rev !== asset!.derivative_rev) return [];
    const near = (await deps.repos.visuals.brandHashes(asset!.brand_id, id))
      .map((r) => ({ id: r.asset_id, distance: hamming(mine.hash!, r.hash!) }))
      .filter((r) => r.distance <= within)
      .sort((a, b) => a.distance - b.distance || a.id - b.id);
    // The access rules (private folders, expiry, review, trash) decide who sees which look-alike.
    const rows = await deps.repos.access.assets(
      near.map((n) => n.id),
      ctx.actor.user.id,
    );
    const seen = new Set(rows.filter((r) => assetAccess.can(ctx.actor, 'view', r)).map((r) => r.id));
    const shown = near.filter((n) => seen.has(n.id)).slice(0, LIMIT);
    const labels = new Map((await deps.repos.visuals.labels(shown.map((n) => n.id))).map((l) => [l.id, l]));
    return shown.map((n) => {
      const l = labels.get(n.id)!;
      return {
        asset_id: n.id,
        name: l.name,
        folder_name: l.folder_name,
        distance: n.distance,
        thumbnail_url: deps.media(l.thumb_key, asset!.brand_id),
      };
    });
  }

  return {
    similar: async (ctx: RequestContext, id: number) => ({ items: await lookAlikes(ctx, id, SIMILAR) }),

    async visuals(ctx: RequestContext, id: number): Promise<{ visuals: AssetVisuals }> {
      const [asset] = await requireAccess(deps.repos, {
        actor: ctx.actor,
        permission: 'view',
        kind: assetAccess,
        ids: [id],
      });
      const row = await deps.repos.visuals.byAsset(id);
      const current = row && row.rev === asset!.derivative_rev ? row : null;
      const near = current?.state === 'done' ? await lookAlikes(ctx, id, NEAR) : [];
      return {
        visuals: {
          state: (current?.state ?? 'pending') as AssetVisuals['state'],
          reason: current?.reason ?? null,
          colours: current ? (JSON.parse(current.colours) as AssetVisuals['colours']) : [],
          look_alike: near[0] ?? null,
        },
      };
    },

    async backfill(ctx: RequestContext, brandId: number) {
      await requireAccess(deps.repos, { actor: ctx.actor, permission: 'update', kind: brandAccess, ids: [brandId] });
      // The job skips colours while they are off (installation or brand): nothing to count then.
      const runs = await analysisRuns(deps, brandId, 'colours');
      const total = runs ? (await deps.repos.visuals.missing(brandId)).length : 0;
      const jobId = await deps.change(ctx, async (u) => {
        const id = (await u.enqueue('visuals.backfill', { brand_id: brandId }, { ownerId: ctx.actor.user.id }))!;
        await u.audit({ event: 'visuals.backfill', info: { brand_id: brandId, total } });
        return id;
      });
      return { job_id: jobId, total };
    },
  };
}
export type VisualsService = ReturnType<typeof visualsService>;

declare module '../../deps/services.js' {
  interface Services {
    visuals: VisualsService;
  }
}
