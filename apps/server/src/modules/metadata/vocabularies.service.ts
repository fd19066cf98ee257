import type { VocabularyBody } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid, isUniqueViolation } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { created } from '../audit/audit.trail.js';
import { requireAccess } from '../access/requireAccess.js';
import { visibleBrand } from '../brands/brandAccess.js';
import type { MetadataAction } from './metadata.policy.js';
import { metadataPolicy, vocabularyAccess } from './metadata.policy.js';
import { optionView, treeOrder, vocabularyView } from './metadata.view.js';

type Body = z.output<typeof VocabularyBody>;

export const vocabularyTarget = (v: { id: number; name: string }) =>
  ({ type: 'vocabulary', id: v.id, label: v.name }) as const;

const nameTaken = (err: unknown) => {
  if (isUniqueViolation(err)) throw invalid({ name: 'taken' });
  throw err;
};

/** A brand's vocabularies (issue 39 §2): lists and trees of options that fields take values from. */
export function vocabulariesService(deps: Deps) {
  const { repos } = deps;
  const now = () => iso(deps.clock.now());

  const vocabulary = async (ctx: RequestContext, id: number, permission: MetadataAction) => {
    const [row] = await requireAccess(repos, { actor: ctx.actor, permission, kind: vocabularyAccess, ids: [id] });
    const { brand_status: _s, member_id: _m, ...v } = row!;
    return v;
  };

  const counted = async (id: number) => {
    const v = (await repos.metadata.vocabulariesOfBrand(found(await repos.metadata.vocabulary(id)).brand_id)).find(
      (r) => r.id === id,
    )!;
    return vocabularyView(v, v);
  };

  return {
    async list(ctx: RequestContext, brandId: number) {
      await visibleBrand(repos, ctx.actor, brandId);
      const rows = await repos.metadata.vocabulariesOfBrand(brandId);
      return { items: rows.map((r) => vocabularyView(r, r)), abilities: metadataPolicy.abilities(ctx.actor) };
    },

    /** The brand's most used keywords starting with `prefix`, for whoever sees the brand. */
    async keywords(ctx: RequestContext, brandId: number, prefix: string) {
      await visibleBrand(repos, ctx.actor, brandId);
      return { items: await repos.assetLabels.keywordsStarting(brandId, prefix, 10) };
    },

    async create(ctx: RequestContext, brandId: number, body: Body) {
      await visibleBrand(repos, ctx.actor, brandId);
      authorize(metadataPolicy.manage(ctx.actor));
      const at = now();
      const v = await deps
        .change(ctx, async (u) => {
          const row = await u.repos.metadata.insertVocabulary({
            brand_id: brandId,
            ...body,
            created_at: at,
            updated_at: at,
          });
          await u.audit({
            event: 'metadata.vocabulary.create',
            target: vocabularyTarget(row),
            changes: created({ name: row.name, kind: row.kind }),
          });
          return row;
        })
        .catch(nameTaken);
      return vocabularyView(v);
    },

    async rename(ctx: RequestContext, id: number, name: string) {
      const before = await vocabulary(ctx, id, 'manage');
      await deps
        .change(ctx, async (u) => {
          const after = await u.repos.metadata.renameVocabulary(id, name, now());
          if (!after) throw new AppError('NOT_FOUND');
          if (after.name !== before.name)
            await u.audit({
              event: 'metadata.vocabulary.update',
              target: vocabularyTarget(after),
              changes: { name: { before: before.name, after: after.name } },
            });
        })
        .catch(nameTaken);
      return counted(id);
    },

    /** Refused (409 VOCABULARY_IN_USE) while a field takes its values from it. */
    async remove(ctx: RequestContext, id: number) {
      const v = await vocabulary(ctx, id, 'manage');
      if (v.system_key !== null) throw new AppError('VOCABULARY_IN_USE', { fieldKeys: { id: 'vocabularySystem' } });
      await deps.change(ctx, async (u) => {
        const n = await u.repos.metadata.fieldsUsing(id);
        if (n > 0 || !(await u.repos.metadata.deleteUnusedVocabulary(id)))
          throw new AppError('VOCABULARY_IN_USE', { fieldKeys: { id: 'vocabularyInUse' }, fieldVars: { n } });
        await u.audit({
          event: 'metadata.vocabulary.delete',
          target: vocabularyTarget(v),
          changes: { name: { before: v.name, after: null } },
        });
      });
      return { deleted: true as const };
    },

    /** Its options in tree order, each with how many assets hold it. */
    async options(ctx: RequestContext, id: number) {
      await vocabulary(ctx, id, 'view');
      const [rows, counts] = await Promise.all([repos.options.ofVocabulary(id), repos.options.assetCounts(id)]);
      return {
        vocabulary: await counted(id),
        items: treeOrder(rows).map((r) => optionView(r, counts.get(r.id) ?? 0)),
      };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    vocabularies: ReturnType<typeof vocabulariesService>;
  }
}
