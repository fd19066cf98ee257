import { MAX_ID, OPTION_FIELD_TYPES } from '@brandvault/contract';
import type { AssetFieldValues, FieldType, FieldValue } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { assetTarget } from '../audit/audit.trail.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess, assetsPolicy } from '../assets/assets.policy.js';
import { raceLost } from './raceLost.js';
import { checkValues, valuesByKey } from './values.check.js';

/** The field types whose values the full-text search finds. */
const TEXT_FIELD_TYPES: readonly string[] = ['text', 'long_text', 'url'];

/** An asset's values of its brand's metadata fields (issue 39 §1). */
export function fieldValuesService(deps: Deps) {
  const { repos } = deps;

  async function read(
    ctx: RequestContext,
    asset: { id: number; brand_id: number; status: string },
  ): Promise<AssetFieldValues> {
    const [fields, rows] = await Promise.all([
      repos.metadata.fieldsOfBrand(asset.brand_id),
      repos.fieldValues.ofAsset(asset.id),
    ]);
    return {
      asset_id: asset.id,
      values: valuesByKey(fields, rows),
      abilities: { update: assetsPolicy.abilities(ctx.actor, asset).update },
    };
  }

  return {
    async get(ctx: RequestContext, assetId: number) {
      const [asset] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'view',
        kind: assetAccess,
        ids: [assetId],
      });
      return read(ctx, asset!);
    },

    /** Every value at once: all are checked first, and nothing is written unless all are right. */
    async set(ctx: RequestContext, assetId: number, values: Record<string, FieldValue>) {
      const [asset] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'update',
        kind: assetAccess,
        ids: [assetId],
      });
      await deps
        .change(ctx, async (u) => {
          const fields = await u.repos.metadata.fieldsOfBrand(asset!.brand_id);
          const before = await u.repos.fieldValues.ofAsset(assetId);
          const optionIds = fields
            .filter((f) => OPTION_FIELD_TYPES.includes(f.type as FieldType))
            .flatMap((f) => [values[f.key]].flat())
            .filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID);
          const options = new Map((await u.repos.options.byIds([...new Set(optionIds)])).map((o) => [o.id, o]));
          const held = new Map<number, Set<number>>();
          for (const r of before)
            if (r.option_id !== null) held.set(r.field_id, (held.get(r.field_id) ?? new Set()).add(r.option_id));
          const rows = checkValues({ asset: asset!, fields, values, options, held });
          // The options named are claimed, so a merge or delete running now waits or wins first.
          // In id order, as merges claim them: two changes never wait for each other in a circle.
          const named = [...new Set(rows.flatMap((r) => (r.option_id === null ? [] : [r.option_id])))];
          for (const id of named.sort((a, b) => a - b))
            if (!(await u.repos.options.hold(id))) throw new AppError('OPTION_CONFLICT');
          await u.repos.fieldValues.replace(assetId, rows);
          // The words search finds (assets_fts / tsv follow this column in the same transaction).
          const textual = new Set(fields.filter((f) => TEXT_FIELD_TYPES.includes(f.type)).map((f) => f.id));
          const words = rows.filter((r) => textual.has(r.field_id) && r.value_text).map((r) => r.value_text);
          await u.repos.fieldValues.setFieldText(assetId, words.join(' '));
          const was = valuesByKey(fields, before);
          const now = valuesByKey(fields, rows);
          const changes = Object.fromEntries(
            fields
              .filter((f) => JSON.stringify(was[f.key]) !== JSON.stringify(now[f.key]))
              .map((f) => [f.key, { before: was[f.key], after: now[f.key] }]),
          );
          if (Object.keys(changes).length) {
            await u.audit({ event: 'asset.fields', target: assetTarget(asset!), changes });
            await u.emit('asset.updated', { assetId, brandId: asset!.brand_id });
          }
        })
        .catch(raceLost);
      return read(ctx, asset!);
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    fieldValues: ReturnType<typeof fieldValuesService>;
  }
}
