import type { CropFormat, CropPresetsBody, CropPresetsResponse } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { brandTarget } from '../audit/audit.trail.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { cropPresetsPolicy } from './cropPresets.policy.js';

type Body = z.output<typeof CropPresetsBody>;
const label = (p: { name: string; width: number; height: number }) => `${p.name} ${p.width}×${p.height}`;

export function cropPresetsService(deps: Deps) {
  const { repos } = deps;

  async function list(ctx: RequestContext, brandId: number): Promise<CropPresetsResponse> {
    const rows = await repos.cropPresets.ofBrand(brandId);
    return {
      brand_id: brandId,
      presets: rows.map((r) => ({ ...r, format: (r.format as CropFormat | null) ?? null })),
      abilities: cropPresetsPolicy.abilities(ctx.actor),
    };
  }

  return {
    async get(ctx: RequestContext, brandId: number) {
      await visibleBrand(repos, ctx.actor, brandId);
      return list(ctx, brandId);
    },

    async update(ctx: RequestContext, brandId: number, body: Body) {
      const brand = await visibleBrand(repos, ctx.actor, brandId);
      authorize(cropPresetsPolicy.can(ctx.actor, 'update'));
      const before = (await repos.cropPresets.ofBrand(brandId)).map(label);
      const after = body.presets.map(label);
      await deps.change(ctx, async (u) => {
        await u.repos.cropPresets.replace(brandId, body.presets);
        if (before.join('\n') !== after.join('\n'))
          await u.audit({
            event: 'brand.cropPresets',
            target: brandTarget(brand),
            changes: { presets: { before, after } },
          });
      });
      return list(ctx, brandId);
    },
  };
}
export type CropPresetsService = ReturnType<typeof cropPresetsService>;

declare module '../../deps/services.js' {
  interface Services {
    cropPresets: ReturnType<typeof cropPresetsService>;
  }
}
