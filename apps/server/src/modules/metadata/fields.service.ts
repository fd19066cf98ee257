import { OPTION_FIELD_TYPES } from '@brandvault/contract';
import type { FieldType, MetadataFieldBody, MetadataFieldUpdate } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, invalid, isUniqueViolation } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { Repos } from '../../deps/repos.js';
import { changesOf, created } from '../audit/audit.trail.js';
import { requireAccess } from '../access/requireAccess.js';
import { visibleBrand } from '../brands/brandAccess.js';
import type { FieldInsert, FieldPatch, FieldRow } from './metadata.repo.js';
import { metadataFieldAccess, metadataPolicy } from './metadata.policy.js';
import { fieldView } from './metadata.view.js';
import { raceLost } from './raceLost.js';

type Body = z.output<typeof MetadataFieldBody>;
type Update = z.output<typeof MetadataFieldUpdate>;

export const fieldTarget = (f: { id: number; key: string }) =>
  ({ type: 'metadata_field', id: f.id, label: f.key }) as const;
const AUDITED = [
  'key',
  'type',
  'label_en',
  'label_es',
  'help_en',
  'help_es',
  'required',
  'asset_types',
  'on_share',
  'on_pdf',
  'is_filter',
  'vocabulary_id',
] as const;

/** Option fields take a vocabulary of the field's brand: a tree field a tree, the others a list. */
async function checkVocabulary(repos: Repos, brandId: number, type: FieldType, vocabularyId: number | null) {
  if (!OPTION_FIELD_TYPES.includes(type)) {
    if (vocabularyId !== null) throw invalid({ vocabulary_id: 'invalid' });
    return;
  }
  const v = vocabularyId === null ? undefined : await repos.metadata.vocabulary(vocabularyId);
  if (!v || v.brand_id !== brandId) throw invalid({ vocabulary_id: 'invalid' });
  if ((type === 'tree') !== (v.kind === 'tree')) throw invalid({ vocabulary_id: 'vocabularyKind' });
}

const flag = (b: boolean | undefined) => (b === undefined ? undefined : b ? 1 : 0);
/** The body's fields as stored (booleans 0/1, asset types as JSON); absent ones stay absent. */
function stored(b: Partial<Body>): FieldPatch {
  const { required, on_share, on_pdf, is_filter, asset_types, ...rest } = b;
  const out: FieldPatch = { ...rest };
  const flags = {
    required: flag(required),
    on_share: flag(on_share),
    on_pdf: flag(on_pdf),
    is_filter: flag(is_filter),
  };
  for (const [k, v] of Object.entries(flags)) if (v !== undefined) out[k as keyof typeof flags] = v;
  if (asset_types !== undefined) out.asset_types = JSON.stringify(asset_types);
  return out;
}

const keyTaken = (err: unknown) => {
  if (isUniqueViolation(err)) throw invalid({ key: 'taken' });
  throw err;
};

/** A brand's metadata fields (issue 39 §1). */
export function metadataFieldsService(deps: Deps) {
  const { repos } = deps;
  const now = () => iso(deps.clock.now());

  const field = async (ctx: RequestContext, id: number): Promise<FieldRow> => {
    const [row] = await requireAccess(repos, {
      actor: ctx.actor,
      permission: 'manage',
      kind: metadataFieldAccess,
      ids: [id],
    });
    const { brand_status: _s, member_id: _m, ...f } = row!;
    return f;
  };

  async function list(ctx: RequestContext, brandId: number) {
    await visibleBrand(repos, ctx.actor, brandId);
    const rows = await repos.metadata.fieldsOfBrand(brandId);
    return { items: rows.map(fieldView), abilities: metadataPolicy.abilities(ctx.actor) };
  }

  return {
    list,

    async create(ctx: RequestContext, brandId: number, body: Body) {
      await visibleBrand(repos, ctx.actor, brandId);
      authorize(metadataPolicy.manage(ctx.actor));
      await checkVocabulary(repos, brandId, body.type, body.vocabulary_id);
      const at = now();
      const row = await deps
        .change(ctx, async (u) => {
          const f = await u.repos.metadata.insertField({
            brand_id: brandId,
            ...stored(body),
            vocabulary_id: body.vocabulary_id,
            created_at: at,
            updated_at: at,
          } as FieldInsert);
          await u.audit({ event: 'metadata.field.create', target: fieldTarget(f), changes: created(fieldView(f)) });
          return f;
        })
        .catch(keyTaken)
        // A vocabulary checked before the write and deleted by another change meanwhile: 409.
        .catch(raceLost);
      return fieldView(row);
    },

    async update(ctx: RequestContext, id: number, body: Update) {
      const before = await field(ctx, id);
      const type = body.type ?? (before.type as FieldType);
      const vocabularyId = body.vocabulary_id !== undefined ? body.vocabulary_id : before.vocabulary_id;
      if (body.type !== undefined || body.vocabulary_id !== undefined)
        await checkVocabulary(repos, before.brand_id, type, vocabularyId);
      const row = await deps
        .change(ctx, async (u) => {
          const changesShape = type !== before.type || vocabularyId !== before.vocabulary_id;
          if (changesShape) {
            const n = await u.repos.metadata.assetsWithValues(id);
            if (n > 0)
              throw new AppError('INVALID_DATA', {
                fieldKeys: { [type !== before.type ? 'type' : 'vocabulary_id']: 'fieldTypeLocked' },
                fieldVars: { n },
              });
          }
          const after = await u.repos.metadata.updateField(id, { ...stored(body), updated_at: now() });
          if (!after) throw new AppError('NOT_FOUND');
          const changes = changesOf(fieldView(before), fieldView(after), AUDITED);
          if (Object.keys(changes).length)
            await u.audit({ event: 'metadata.field.update', target: fieldTarget(after), changes });
          return after;
        })
        .catch(keyTaken)
        // A vocabulary checked before the write and deleted by another change meanwhile: 409.
        .catch(raceLost);
      return fieldView(row);
    },

    async reorder(ctx: RequestContext, brandId: number, ids: readonly number[]) {
      const brand = await visibleBrand(repos, ctx.actor, brandId);
      authorize(metadataPolicy.manage(ctx.actor));
      const fields = await repos.metadata.fieldsOfBrand(brandId);
      const have = new Set(fields.map((f) => f.id));
      if (ids.length !== have.size || new Set(ids).size !== ids.length || !ids.every((i) => have.has(i)))
        throw invalid({ ids: 'invalid' });
      const byId = new Map(fields.map((f) => [f.id, f.key]));
      await deps.change(ctx, async (u) => {
        await u.repos.metadata.setFieldOrder(brandId, ids, now());
        await u.audit({
          event: 'metadata.field.reorder',
          target: { type: 'brand', id: brand.id, label: brand.name },
          changes: { order: { before: fields.map((f) => f.key), after: ids.map((i) => byId.get(i)!) } },
        });
      });
      return list(ctx, brandId);
    },

    /** A field that holds values is deleted only when confirmed (409 FIELD_HAS_VALUES first). */
    async remove(ctx: RequestContext, id: number, confirm: boolean) {
      const f = await field(ctx, id);
      await deps.change(ctx, async (u) => {
        const n = await u.repos.metadata.assetsWithValues(id);
        if (n > 0 && !confirm)
          throw new AppError('FIELD_HAS_VALUES', { fieldKeys: { confirm: 'fieldHasValues' }, fieldVars: { n } });
        await u.repos.metadata.deleteField(id);
        await u.audit({
          event: 'metadata.field.delete',
          target: fieldTarget(f),
          changes: { label_en: { before: f.label_en, after: null }, type: { before: f.type, after: null } },
          info: { values: n },
        });
      });
      return { deleted: true as const };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    metadataFields: ReturnType<typeof metadataFieldsService>;
  }
}
