import { LABELS } from '@brandvault/contract';
import type { AssetLabels, BrandLabel, LabelKey } from '@brandvault/contract';
import { authorize } from '../../http/authorize.js';
import { AppError } from '../../lib/appError.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { sightOf } from '../../access/principal.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAbilities, assetAccess } from '../assets/assets.policy.js';
import { addKeyword } from '../assets/keywords.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { isShown } from './labels.words.js';
import { found } from '../../http/errors.js';

const named = (key: LabelKey) => ({ key, name_en: LABELS[key].en, name_es: LABELS[key].es });

/** Objects and scenes (issue 42 §2): an asset's suggested tags, deciding on them, the brand's list. */
export function labelsService(deps: Deps) {
  const { repos, clock } = deps;

  async function visibleAsset(ctx: RequestContext, id: number) {
    const [row] = await requireAccess(repos, { actor: ctx.actor, permission: 'view', kind: assetAccess, ids: [id] });
    const asset = found(await repos.assets.byId(id));
    return { asset, canDecide: assetAbilities(ctx.actor, row!).update };
  }

  /** The labels of the asset's current revision the caller is shown (threshold, not rejected). */
  async function labelsOf(ctx: RequestContext, id: number): Promise<{ labels: AssetLabels }> {
    const { asset, canDecide } = await visibleAsset(ctx, id);
    const run = await repos.labels.objectsOf(id);
    const current = run && run.rev === asset.derivative_rev ? run : null;
    const { object_threshold } = await repos.analysis.settings(asset.brand_id);
    const rows = current?.state === 'done' ? await repos.labels.labelsOf(id) : [];
    return {
      labels: {
        state: (current?.state ?? 'pending') as AssetLabels['state'],
        reason: current?.reason ?? null,
        items: rows
          .filter((r) => r.label in LABELS && isShown(r, object_threshold))
          .map((r) => ({
            ...named(r.label as LabelKey),
            score: r.score,
            state: r.state as AssetLabels['items'][number]['state'],
          })),
        can_decide: canDecide,
      },
    };
  }

  /** Accepts or rejects a label the caller is shown on the asset (404 for one they are not). */
  async function decide(ctx: RequestContext, id: number, label: LabelKey, state: 'accepted' | 'rejected') {
    const { asset, canDecide } = await visibleAsset(ctx, id);
    authorize(canDecide);
    const shown = (await labelsOf(ctx, id)).labels.items.find((l) => l.key === label);
    if (!shown) throw new AppError('NOT_FOUND');
    const { object_threshold } = await repos.analysis.settings(asset.brand_id);
    const keyword = LABELS[label][ctx.lang];
    await deps.change(ctx, async (u) => {
      const now = iso(clock.now());
      await u.repos.labels.decide(id, label, state, ctx.actor.user.id, now, object_threshold);
      if (state === 'accepted') await addKeyword(u, id, keyword, now);
      await u.audit({
        event: state === 'accepted' ? 'labels.accept' : 'labels.reject',
        target: { type: 'asset', id, label: asset.name },
        info: state === 'accepted' ? { label, keyword } : { label },
      });
    });
    return labelsOf(ctx, id);
  }

  return {
    labels: labelsOf,
    accept: (ctx: RequestContext, id: number, label: LabelKey) => decide(ctx, id, label, 'accepted'),
    reject: (ctx: RequestContext, id: number, label: LabelKey) => decide(ctx, id, label, 'rejected'),

    /** The brand's shown labels, counting only the assets the caller may see, most common first. */
    async brandLabels(ctx: RequestContext, brandId: number): Promise<{ items: BrandLabel[] }> {
      await visibleBrand(repos, ctx.actor, brandId);
      const { object_threshold } = await repos.analysis.settings(brandId);
      const rows = await repos.labels.brandCounts(brandId, object_threshold, sightOf(ctx.actor));
      return {
        items: rows
          .filter((r) => r.label in LABELS)
          .map((r) => ({ ...named(r.label as LabelKey), count: Number(r.n) }))
          .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
      };
    },
  };
}
export type LabelsService = ReturnType<typeof labelsService>;

declare module '../../deps/services.js' {
  interface Services {
    labels: LabelsService;
  }
}
