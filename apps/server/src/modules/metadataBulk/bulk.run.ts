import type { BulkOp } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { contextFor } from '../../lib/requestContext.js';
import type { JobContext } from '../../jobs/types.js';
import { AppError } from '../../http/errors.js';
import { asLang } from '../../mail/templates.js';
import { linkActor } from '../assets/downloadLink.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import { assetTarget } from '../audit/audit.trail.js';
import type { AuditEvent } from '../audit/audit.trail.js';
import type { ValueRow } from '../metadata/values.repo.js';
import type { FieldRow } from '../metadata/metadata.repo.js';
import type { Repos } from '../../deps/repos.js';
import type { BulkBeforeRow } from './metadataBulk.repo.js';
import { applyPlan, optionIdsOf, packRows, planOps, shown, unpackRows } from './bulk.ops.js';

/** Assets a transaction: each batch commits its values, its undo rows and its audit entries together. */
const BATCH = 500;

/** The field types whose values the full-text search finds (as PUT /fields keeps them). */
const TEXT_FIELD_TYPES: readonly string[] = ['text', 'long_text', 'url'];

/**
 * Rewrites the words search finds of changed assets (`assets.field_text`, which the full-text
 * index follows in the same transaction), from all their text fields in field order.
 */
async function syncFieldText(repos: Repos, fields: readonly FieldRow[], changed: readonly FieldRow[], ids: number[]) {
  if (!ids.length || !changed.some((f) => TEXT_FIELD_TYPES.includes(f.type))) return;
  const textual = fields.filter((f) => TEXT_FIELD_TYPES.includes(f.type));
  const order = new Map(textual.map((f, i) => [f.id, i]));
  const rows = (await repos.fieldValues.ofAssets(ids, [...order.keys()])).sort(
    (x, y) => order.get(x.field_id)! - order.get(y.field_id)!,
  );
  for (const id of ids)
    await repos.fieldValues.setFieldText(
      id,
      rows
        .filter((r) => r.asset_id === id && r.value_text)
        .map((r) => r.value_text)
        .join(' '),
    );
}

const group = (rows: readonly ValueRow[]) => {
  const out = new Map<string, ValueRow[]>();
  for (const r of rows) out.set(`${r.asset_id}:${r.field_id}`, [...(out.get(`${r.asset_id}:${r.field_id}`) ?? []), r]);
  return out;
};

/**
 * The `metadata.bulkEdit` job: applies a bulk edit 500 assets a transaction, as its author may
 * now (rights and fields are read again), keeping each changed asset's previous values for the
 * undo and one audit entry per changed asset. A re-run goes on after the last batch committed.
 */
export async function runBulkEdit(ctx: JobContext, id: number) {
  const { repos, clock } = ctx;
  const edit = await repos.metadataBulk.byId(id);
  if (!edit || edit.status !== 'applying') return { id, status: edit?.status ?? 'gone' };
  const actor = await linkActor(repos, edit.user_id);
  const ids = JSON.parse(edit.asset_ids) as number[];
  const ops = JSON.parse(edit.ops) as Record<string, BulkOp>;
  const fail = async () => {
    await repos.metadataBulk.update(id, { status: 'failed' }, ['applying']);
    return { id, status: 'failed' };
  };
  if (!actor || !actor.permissions.has('asset.update')) return fail();
  const rctx = contextFor(actor, asLang(actor.user.lang));
  const [fields, options] = await Promise.all([
    repos.metadata.fieldsOfBrand(edit.brand_id),
    repos.options.byIds(optionIdsOf(ops)),
  ]);
  let plans;
  try {
    plans = planOps(fields, ops, new Map(options.map((o) => [o.id, o])));
  } catch (err) {
    // The fields or options changed since the edit was checked: nothing more is written.
    if (err instanceof AppError) return fail();
    throw err;
  }
  const fieldIds = plans.map((p) => p.field.id);
  const named = [...new Set(plans.flatMap((p) => (p.op === 'remove' ? [] : p.options)))].sort((a, b) => a - b);
  let done = edit.done;
  await ctx.progress(done, ids.length);
  while (done < ids.length) {
    const batch = ids.slice(done, done + BATCH);
    await ctx.change(rctx, async (u) => {
      // Options named are claimed in id order, as a single asset's change claims them.
      for (const o of named) if (!(await u.repos.options.hold(o))) throw new AppError('OPTION_CONFLICT');
      const rows = await u.repos.access.assets(batch, actor.user.id);
      const assets = rows.filter(
        (r) => r.status === 'ACTIVE' && r.brand_id === edit.brand_id && assetsPolicy.can(actor, 'update', r),
      );
      const held = group(
        await u.repos.fieldValues.ofAssets(
          assets.map((a) => a.id),
          fieldIds,
        ),
      );
      const byField = new Map<number, number[]>();
      const written: ValueRow[] = [];
      const before: BulkBeforeRow[] = [];
      const events: AuditEvent[] = [];
      for (const a of assets) {
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        for (const p of plans) {
          const now = held.get(`${a.id}:${p.field.id}`) ?? [];
          const next = applyPlan(p, a, now);
          if (!next) continue;
          byField.set(p.field.id, [...(byField.get(p.field.id) ?? []), a.id]);
          written.push(...next);
          before.push({ bulk_edit_id: id, asset_id: a.id, field_id: p.field.id, before: packRows(now) });
          changes[p.field.key] = { before: shown(p.field, now), after: shown(p.field, next) };
        }
        if (Object.keys(changes).length)
          events.push({ event: 'asset.fields', target: assetTarget(a), changes, info: { bulk_edit_id: id } });
      }
      await u.repos.fieldValues.replaceFields(byField, written);
      await syncFieldText(
        u.repos,
        fields,
        plans.map((p) => p.field),
        events.map((e) => e.target!.id as number),
      );
      await u.repos.metadataBulk.saveBefore(before);
      await u.auditMany(events);
      await u.repos.metadataBulk.progressed(id, batch.length, events.length);
    });
    done += batch.length;
    await ctx.progress(done, ids.length);
  }
  await repos.metadataBulk.update(id, { status: 'applied', applied_at: iso(clock.now()) }, ['applying']);
  const after = await repos.metadataBulk.byId(id);
  return { id, status: 'applied', matched: ids.length, changed: after?.changed ?? 0 };
}

/**
 * The `metadata.bulkUndo` job: puts back the values a bulk edit replaced, 500 assets a
 * transaction, each audited for the person undoing it; restored rows are forgotten as they go,
 * so a re-run goes on from the next asset. Options deleted since are left out.
 */
export async function runBulkUndo(ctx: JobContext, id: number, userId: number) {
  const { repos, clock } = ctx;
  const edit = await repos.metadataBulk.byId(id);
  if (!edit || edit.status !== 'undoing') return { id, status: edit?.status ?? 'gone' };
  const actor = await linkActor(repos, userId);
  if (!actor) {
    await repos.metadataBulk.update(id, { status: 'failed' }, ['undoing']);
    return { id, status: 'failed' };
  }
  const rctx = contextFor(actor, asLang(actor.user.lang));
  const brandFields = await repos.metadata.fieldsOfBrand(edit.brand_id);
  const fields = new Map(brandFields.map((f) => [f.id, f]));
  let done = 0;
  for (;;) {
    const saved = await repos.metadataBulk.beforeOfNext(id, BATCH);
    if (!saved.length) break;
    const assetIds = [...new Set(saved.map((s) => s.asset_id))];
    await ctx.change(rctx, async (u) => {
      const restored = saved.flatMap((s) => unpackRows(s.asset_id, s.field_id, s.before));
      const optionIds = [...new Set(restored.flatMap((r) => (r.option_id ? [r.option_id] : [])))];
      const alive = new Set((await u.repos.options.byIds(optionIds)).map((o) => o.id));
      const rows = restored.filter((r) => r.option_id === null || alive.has(r.option_id));
      const held = group(await u.repos.fieldValues.ofAssets(assetIds, [...new Set(saved.map((s) => s.field_id))]));
      const targets = new Map((await u.repos.access.assets(assetIds, actor.user.id)).map((a) => [a.id, a]));
      const byField = new Map<number, number[]>();
      const changes = new Map<number, Record<string, { before: unknown; after: unknown }>>();
      for (const s of saved) {
        const f = fields.get(s.field_id);
        if (!f) continue;
        byField.set(s.field_id, [...(byField.get(s.field_id) ?? []), s.asset_id]);
        const mine = rows.filter((r) => r.asset_id === s.asset_id && r.field_id === s.field_id);
        const c = changes.get(s.asset_id) ?? {};
        c[f.key] = { before: shown(f, held.get(`${s.asset_id}:${s.field_id}`) ?? []), after: shown(f, mine) };
        changes.set(s.asset_id, c);
      }
      await u.repos.fieldValues.replaceFields(byField, rows);
      await syncFieldText(
        u.repos,
        brandFields,
        [...byField.keys()].flatMap((id) => fields.get(id) ?? []),
        [...changes.keys()],
      );
      const events: AuditEvent[] = [];
      for (const [assetId, c] of changes) {
        const a = targets.get(assetId);
        if (a)
          events.push({
            event: 'asset.fields',
            target: assetTarget(a),
            changes: c,
            info: { bulk_edit_id: id, undo: true },
          });
      }
      await u.auditMany(events);
      await u.repos.metadataBulk.dropBefore(id, assetIds);
      await u.repos.metadataBulk.progressed(id, assetIds.length, 0);
    });
    done += assetIds.length;
    await ctx.progress(done, Math.max(edit.changed, done));
  }
  await repos.metadataBulk.update(id, { status: 'undone', undone_at: iso(clock.now()) }, ['undoing']);
  return { id, status: 'undone', restored: done };
}
