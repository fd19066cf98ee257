import type { OptionBody, OptionRename } from '@brandvault/contract';
import type { z } from 'zod';
import { AppError, invalid, isUniqueViolation } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps, UnitOfWork } from '../../deps/deps.js';
import { requireAccess } from '../access/requireAccess.js';
import { optionAccess, vocabularyAccess } from './metadata.policy.js';
import type { OptionRow } from './options.repo.js';
import { optionView } from './metadata.view.js';
import { vocabularyTarget } from './vocabularies.service.js';
import { parseOptionText } from './importText.js';
import { sheetOptionLines } from './importSheet.js';
import type { FormFile } from '../../http/multipart.js';
import { raceLost } from './raceLost.js';

type Body = z.output<typeof OptionBody>;
type Rename = z.output<typeof OptionRename>;

/** Someone else changed, merged or deleted the option meanwhile. */
const gone = () => new AppError('OPTION_CONFLICT', { fieldKeys: { id: 'optionGone' } });
const labelTaken = (err: unknown) => {
  if (isUniqueViolation(err)) throw invalid({ label_en: 'optionTaken' });
  throw err;
};
const optionLabel = (o: { label_en: string }) => o.label_en;

/**
 * Assets keep their themes and visual language as words (issue 39 §3): when an option of those
 * vocabularies is renamed or merged away, the assets holding its old label get the new one in the
 * same transaction. Answers how many assets changed (0 for other vocabularies).
 */
async function relabelAssets(
  u: UnitOfWork,
  o: { system_key: string | null; vocabulary_brand_id: number },
  from: string,
  to: string,
  at: string,
) {
  if (from === to) return 0;
  // Licences and consents keep their channels as words too; they are not assets.
  if (o.system_key === 'channels') {
    await u.repos.rights.renameChannel(o.vocabulary_brand_id, from, to, at);
    return 0;
  }
  if (o.system_key !== 'themes' && o.system_key !== 'language') return 0;
  return u.repos.assetLabels.rewrite(o.vocabulary_brand_id, o.system_key, from, to, at);
}

/** The options of a vocabulary (issue 39 §2): add, rename, move, merge, retire, import. */
export function optionsService(deps: Deps) {
  const { repos } = deps;
  const now = () => iso(deps.clock.now());

  const option = async (ctx: RequestContext, id: number) => {
    const [row] = await requireAccess(repos, { actor: ctx.actor, permission: 'manage', kind: optionAccess, ids: [id] });
    return row!;
  };
  const vocabulary = async (ctx: RequestContext, id: number) => {
    const [row] = await requireAccess(repos, {
      actor: ctx.actor,
      permission: 'manage',
      kind: vocabularyAccess,
      ids: [id],
    });
    return row!;
  };

  /** A parent must be an option of the same tree, not `self` nor below it. */
  async function checkParent(
    u: UnitOfWork,
    vocabularyId: number,
    kind: string,
    parentId: number | null,
    self?: OptionRow,
  ) {
    if (parentId === null) return;
    const parent = kind === 'tree' ? await u.repos.options.get(parentId) : undefined;
    if (!parent || parent.vocabulary_id !== vocabularyId || (self && parent.path.startsWith(self.path)))
      throw invalid({ parent_id: 'optionParent' });
  }

  async function counted(id: number) {
    const row = await repos.options.get(id);
    if (!row) throw gone();
    return optionView(row, (await repos.options.assetCounts(row.vocabulary_id)).get(id) ?? 0);
  }

  /** Claims the option for this unit of work (409 when it is gone), then runs `work`. */
  const claimed = async (u: UnitOfWork, id: number): Promise<OptionRow> => {
    if (!(await u.repos.options.claim(id, now()))) throw gone();
    return (await u.repos.options.get(id))!;
  };

  return {
    async add(ctx: RequestContext, vocabularyId: number, body: Body) {
      const v = await vocabulary(ctx, vocabularyId);
      const row = await deps
        .change(ctx, async (u) => {
          await checkParent(u, v.id, v.kind, body.parent_id);
          const o = await u.repos.options.insert({
            vocabulary_id: v.id,
            parent_id: body.parent_id,
            label_en: body.label_en,
            label_es: body.label_es ?? body.label_en,
            at: now(),
          });
          await u.audit({
            event: 'metadata.option.create',
            target: vocabularyTarget(v),
            changes: { option: { before: null, after: optionLabel(o) } },
            info: { option: o.id },
          });
          return o;
        })
        .catch(labelTaken)
        .catch(raceLost);
      return optionView(row);
    },

    async rename(ctx: RequestContext, id: number, body: Rename) {
      const o = await option(ctx, id);
      await deps
        .change(ctx, async (u) => {
          const before = await claimed(u, id);
          const after = (await u.repos.options.update(id, body, now()))!;
          const relabelled = await relabelAssets(u, o, before.label_en, after.label_en, now());
          const changes = {
            ...(after.label_en !== before.label_en
              ? { label_en: { before: before.label_en, after: after.label_en } }
              : {}),
            ...(after.label_es !== before.label_es
              ? { label_es: { before: before.label_es, after: after.label_es } }
              : {}),
          };
          if (Object.keys(changes).length)
            await u.audit({
              event: 'metadata.option.update',
              target: vocabularyTarget({ id: o.vocabulary_id, name: o.vocabulary_name }),
              changes,
              info: { option: id, ...(relabelled ? { assets: relabelled } : {}) },
            });
        })
        .catch(labelTaken)
        .catch(raceLost);
      return counted(id);
    },

    async move(ctx: RequestContext, id: number, parentId: number | null, position: number) {
      const o = await option(ctx, id);
      await deps
        .change(ctx, async (u) => {
          const row = await claimed(u, id);
          await checkParent(u, row.vocabulary_id, o.kind, parentId, row);
          await u.repos.options.move(row, parentId, position);
          await u.audit({
            event: 'metadata.option.move',
            target: vocabularyTarget({ id: o.vocabulary_id, name: o.vocabulary_name }),
            changes: {
              parent_id: { before: row.parent_id, after: parentId },
              position: { before: row.position, after: position },
            },
            info: { option: id },
          });
        })
        .catch(labelTaken)
        .catch(raceLost);
      return counted(id);
    },

    /** Every asset value of `id` moves to `into` in one transaction; `id` is deleted. */
    async merge(ctx: RequestContext, id: number, intoId: number) {
      const [from, into] = await Promise.all([option(ctx, id), option(ctx, intoId)]);
      if (from.id === into.id || from.vocabulary_id !== into.vocabulary_id) throw invalid({ into: 'optionParent' });
      await deps
        .change(ctx, async (u) => {
          // Claimed in id order, so two merges of the same pair wait for each other, never deadlock.
          const [first, second] = from.id < into.id ? [from.id, into.id] : [into.id, from.id];
          const a = await claimed(u, first);
          const b = await claimed(u, second);
          const [source, target] = a.id === from.id ? [a, b] : [b, a];
          if (target.path.startsWith(source.path)) throw invalid({ into: 'optionParent' });
          const assets =
            (await u.repos.options.merge(source, target, now())) +
            (await relabelAssets(u, from, source.label_en, target.label_en, now()));
          await u.audit({
            event: 'metadata.option.merge',
            target: vocabularyTarget({ id: from.vocabulary_id, name: from.vocabulary_name }),
            changes: { option: { before: optionLabel(source), after: optionLabel(target) } },
            info: { option: source.id, into: target.id, assets },
          });
        })
        .catch(raceLost);
      return counted(intoId);
    },

    async retire(ctx: RequestContext, id: number, retired: boolean) {
      const o = await option(ctx, id);
      await deps
        .change(ctx, async (u) => {
          const before = await claimed(u, id);
          if ((before.retired_at !== null) === retired) return;
          await u.repos.options.update(id, { retired_at: retired ? now() : null }, now());
          await u.audit({
            event: 'metadata.option.retire',
            target: vocabularyTarget({ id: o.vocabulary_id, name: o.vocabulary_name }),
            changes: { retired: { before: !retired, after: retired } },
            info: { option: id },
          });
        })
        .catch(raceLost);
      return counted(id);
    },

    /**
     * Options from pasted text or an xlsx (`sheet`); existing ones (same label under the same
     * parent) are kept. A sheet's rows that give nothing are answered as `skipped`.
     */
    async import(ctx: RequestContext, vocabularyId: number, text: string | undefined, files: FormFile[] = []) {
      const v = await vocabulary(ctx, vocabularyId);
      const sheet = files.find((f) => f.field === 'sheet');
      if (sheet && text?.trim()) throw invalid({ sheet: 'invalid' });
      if (!sheet && !text?.trim()) throw invalid({ text: 'required' });
      const read = sheet
        ? await sheetOptionLines(sheet.filename, sheet.data, v.kind === 'tree')
        : { lines: [text!], skipped: [] };
      const paths = parseOptionText(read.lines.join('\n'), v.kind === 'tree');
      if (paths.some((p) => p.some((label) => label.length > 120))) throw invalid({ text: 'invalid' });
      return deps
        .change(ctx, async (u) => {
          const rows = await u.repos.options.ofVocabulary(v.id);
          const key = (parent: number | null, label: string) => `${parent ?? 0}:${label.toLowerCase()}`;
          const known = new Map(rows.map((r) => [key(r.parent_id, r.label_en), r.id]));
          const ids = new Map<string, number>();
          let added = 0;
          let kept = 0;
          for (const path of paths) {
            const parent = path.length > 1 ? ids.get(path.slice(0, -1).join('\u0000').toLowerCase())! : null;
            const label = path[path.length - 1]!;
            let id = known.get(key(parent, label));
            if (id === undefined) {
              id = (
                await u.repos.options.insert({
                  vocabulary_id: v.id,
                  parent_id: parent,
                  label_en: label,
                  label_es: label,
                  at: now(),
                })
              ).id;
              known.set(key(parent, label), id);
              added += 1;
            } else kept += 1;
            ids.set(path.join('\u0000').toLowerCase(), id);
          }
          if (added)
            await u.audit({
              event: 'metadata.option.import',
              target: vocabularyTarget(v),
              changes: {},
              info: { added, kept },
            });
          return { added, kept, skipped: read.skipped };
        })
        .catch(labelTaken)
        .catch(raceLost);
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    metadataOptions: ReturnType<typeof optionsService>;
  }
}
