import type { BulkEditBody, BulkEditPreview } from '@brandvault/contract';
import type { z } from 'zod';
import { iso } from '../../lib/clock.js';
import type { Deps } from '../../deps/deps.js';
import { AppError, found, invalid } from '../../http/errors.js';
import { authorize } from '../../http/authorize.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { applyPlan, optionIdsOf, planOps } from './bulk.ops.js';
import { resolveTarget } from './bulk.target.js';
import { metadataBulkPolicy, undoUntil } from './metadataBulk.policy.js';
import { bulkEditView } from './metadataBulk.view.js';
import type { ValueRow } from '../metadata/values.repo.js';

type Body = z.output<typeof BulkEditBody>;
const SLICE = 1000;

/** Bulk edits of metadata fields (issue 39 §5): preview, apply as a job, follow, undo. */
export function metadataBulkService(deps: Deps) {
  const { repos, clock, handle } = deps;
  const env = { repos, db: handle.db, dialect: handle.dialect };

  /** The assets the caller may update and the checked operations (422 before anything is written). */
  async function plan(ctx: RequestContext, body: Body) {
    const { brandId, assets } = await resolveTarget(env, ctx.actor, body.target);
    if (brandId === null) return null;
    const [fields, options] = await Promise.all([
      repos.metadata.fieldsOfBrand(brandId),
      repos.options.byIds(optionIdsOf(body.ops)),
    ]);
    const plans = planOps(fields, body.ops, new Map(options.map((o) => [o.id, o])));
    return { brandId, assets, plans };
  }

  async function mine(ctx: RequestContext, id: number) {
    const row = await repos.metadataBulk.byId(id);
    authorize(!!row && metadataBulkPolicy.can(ctx.actor, 'view', row), 'NOT_FOUND');
    return row;
  }

  return {
    async preview(ctx: RequestContext, body: Body): Promise<BulkEditPreview> {
      const p = await plan(ctx, body);
      const per_field: Record<string, number> = Object.fromEntries(Object.keys(body.ops).map((k) => [k, 0]));
      if (!p) return { matched: 0, changed: 0, per_field };
      let changed = 0;
      const fieldIds = p.plans.map((x) => x.field.id);
      for (let i = 0; i < p.assets.length; i += SLICE) {
        const slice = p.assets.slice(i, i + SLICE);
        const rows = await repos.fieldValues.ofAssets(
          slice.map((a) => a.id),
          fieldIds,
        );
        const held = new Map<string, ValueRow[]>();
        for (const r of rows)
          held.set(`${r.asset_id}:${r.field_id}`, [...(held.get(`${r.asset_id}:${r.field_id}`) ?? []), r]);
        for (const a of slice) {
          let any = false;
          for (const x of p.plans)
            if (applyPlan(x, a, held.get(`${a.id}:${x.field.id}`) ?? [])) {
              per_field[x.field.key]! += 1;
              any = true;
            }
          if (any) changed++;
        }
      }
      return { matched: p.assets.length, changed, per_field };
    },

    /** Records the edit and enqueues its job in one transaction; the job writes the values. */
    async apply(ctx: RequestContext, body: Body) {
      const p = await plan(ctx, body);
      if (!p || !p.assets.length) throw invalid({ 'target.asset_ids': 'bulkEmpty' });
      const now = clock.now();
      const id = await deps.change(ctx, async (u) => {
        const bulkId = await u.repos.metadataBulk.create({
          brand_id: p.brandId,
          user_id: ctx.actor.user.id,
          status: 'applying',
          ops: JSON.stringify(body.ops),
          asset_ids: JSON.stringify(p.assets.map((a) => a.id)),
          matched: p.assets.length,
          changed: 0,
          done: 0,
          created_at: iso(now),
        });
        const jobId = await u.enqueue('metadata.bulkEdit', { id: bulkId }, { ownerId: ctx.actor.user.id });
        await u.repos.metadataBulk.update(bulkId, { job_id: jobId });
        await u.audit({
          event: 'metadata.bulk',
          info: { bulk_edit_id: bulkId, brand_id: p.brandId, matched: p.assets.length, fields: Object.keys(body.ops) },
        });
        return bulkId;
      });
      return bulkEditView(found(await repos.metadataBulk.byId(id)), ctx.actor, clock.now());
    },

    async status(ctx: RequestContext, id: number) {
      return bulkEditView(await mine(ctx, id), ctx.actor, clock.now());
    },

    /** Its author or an administrator, while applied and within the ten minutes (409 otherwise). */
    async undo(ctx: RequestContext, id: number) {
      const row = await mine(ctx, id);
      const until = undoUntil(row);
      if (row.status !== 'applied' || !until) throw new AppError('BULK_EDIT_BUSY');
      if (clock.now() >= until) throw new AppError('BULK_UNDO_EXPIRED');
      await deps.change(ctx, async (u) => {
        if (!(await u.repos.metadataBulk.update(id, { status: 'undoing' }, ['applied'])))
          throw new AppError('BULK_EDIT_BUSY');
        const jobId = await u.enqueue(
          'metadata.bulkUndo',
          { id, userId: ctx.actor.user.id },
          { ownerId: ctx.actor.user.id },
        );
        await u.repos.metadataBulk.update(id, { undo_job_id: jobId, done: 0 });
        await u.audit({ event: 'metadata.bulk.undo', info: { bulk_edit_id: id, brand_id: row.brand_id } });
      });
      return bulkEditView(found(await repos.metadataBulk.byId(id)), ctx.actor, clock.now());
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    metadataBulk: ReturnType<typeof metadataBulkService>;
  }
}
