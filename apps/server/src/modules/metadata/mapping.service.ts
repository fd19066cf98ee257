import { EMBED_SOURCES, EMBED_SOURCE_TYPES } from '@brandvault/contract';
import type { EmbedMapping, EmbedMappingBody, FieldMessageKey, FieldType } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { invalid } from '../../http/errors.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { visibleBrand } from '../brands/brandAccess.js';
import type { EmbedMappingRow } from './embed/embed.repo.js';
import { metadataPolicy } from './metadata.policy.js';
import { raceLost } from './raceLost.js';

type Body = z.output<typeof EmbedMappingBody>;

/** Which brand field each embedded source fills at upload (issue 39 §4). */
export function embedMappingService(deps: Deps) {
  const { repos } = deps;

  const view = (ctx: RequestContext, brandId: number, rows: readonly EmbedMappingRow[]): EmbedMapping => ({
    brand_id: brandId,
    items: EMBED_SOURCES.map((source) => ({
      source,
      field_id: rows.find((r) => r.source === source)?.field_id ?? null,
    })),
    abilities: metadataPolicy.abilities(ctx.actor),
  });

  return {
    async get(ctx: RequestContext, brandId: number) {
      await visibleBrand(repos, ctx.actor, brandId);
      return view(ctx, brandId, await repos.embedMappings.ofBrand(brandId));
    },

    /** The whole mapping at once; every field must be the brand's and of a type the source fills. */
    async set(ctx: RequestContext, brandId: number, body: Body) {
      await visibleBrand(repos, ctx.actor, brandId);
      authorize(metadataPolicy.manage(ctx.actor));
      const rows = await deps
        .change(ctx, async (u) => {
          const fields = new Map((await u.repos.metadata.fieldsOfBrand(brandId)).map((f) => [f.id, f]));
          const wrong: Record<string, FieldMessageKey> = {};
          const next: EmbedMappingRow[] = [];
          for (const [i, it] of body.items.entries()) {
            if (it.field_id === null) continue;
            const f = fields.get(it.field_id);
            if (!f) wrong[`items.${i}.field_id`] = 'invalid';
            else if (!EMBED_SOURCE_TYPES[it.source].includes(f.type as FieldType))
              wrong[`items.${i}.field_id`] = 'embedFieldType';
            else next.push({ brand_id: brandId, source: it.source, field_id: f.id });
          }
          if (Object.keys(wrong).length) throw invalid(wrong);
          const before = await u.repos.embedMappings.ofBrand(brandId);
          const keyOf = (rs: readonly EmbedMappingRow[]) =>
            Object.fromEntries(rs.map((r) => [r.source, fields.get(r.field_id)?.key ?? r.field_id]));
          const was = keyOf(before);
          const now = keyOf(next);
          const changes = Object.fromEntries(
            EMBED_SOURCES.filter((s) => was[s] !== now[s]).map((s) => [
              s,
              { before: was[s] ?? null, after: now[s] ?? null },
            ]),
          );
          await u.repos.embedMappings.replace(brandId, next);
          if (Object.keys(changes).length) {
            const brand = await u.repos.brands.byId(brandId);
            await u.audit({
              event: 'metadata.mapping.update',
              target: { type: 'brand', id: brandId, label: brand?.name ?? String(brandId) },
              changes,
            });
          }
          return next;
        })
        // A field deleted by another change after the read: 409, to reload and choose again.
        .catch(raceLost);
      return view(ctx, brandId, rows);
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    embedMapping: ReturnType<typeof embedMappingService>;
  }
}
