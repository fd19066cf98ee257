import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { SyncRunItemsQuery, SyncSourceBody, SyncSourceListQuery } from '@brandvault/contract';
import type { PageQuery } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, invalid } from '../../http/errors.js';
import { removeSchedule, saveSchedule } from '../../jobs/schedules.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { seesAllBrands } from '../../access/principal.js';
import type { Actor } from '../../access/principal.js';
import { changesOf, created } from '../audit/audit.trail.js';
import { requireAccess } from '../access/requireAccess.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { precheckCarried } from '../metadata/values.carried.js';
import { syncPolicy, syncSourceAccess } from './sync.policy.js';
import { scheduleKey } from './sync.repo.js';
import type { SyncSourceListRow } from './sync.repo.js';
import { requestRun } from './sync.runs.js';
import { within } from './sync.scan.js';
import { itemView, runView, sourceView } from './sync.view.js';

type Body = z.output<typeof SyncSourceBody>;
const PER_PAGE = 25;
const DAY_S = 86_400;

/** The next HH:MM (server time) after `now`. */
export function nextDailyAt(hhmm: string, now: Date): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const at = new Date(now);
  at.setHours(h, m, 0, 0);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return at;
}

const sourceTarget = (s: { id: number; name: string }) => ({ type: 'sync_source', id: s.id, label: s.name }) as const;

export function syncService(deps: Deps) {
  const { repos, clock, config } = deps;
  const repo = () => repos.sync;

  /** The allowed roots as they really are (symbolic links resolved); missing ones left out. */
  const realRoots = async () =>
    (await Promise.all(config.sync.roots.map((r) => realpath(r).catch(() => null)))).filter(
      (r): r is string => r !== null,
    );

  /** A directory under SYNC_ROOTS that the server can read, as its real path; else 422 on `path`. */
  async function checkPath(raw: string): Promise<string> {
    if (!config.sync.roots.length) throw invalid({ path: 'syncNoRoots' });
    const roots = await realRoots();
    if (!isAbsolute(raw)) throw invalid({ path: 'syncOutsideRoots' });
    let real: string;
    try {
      real = await realpath(raw);
    } catch {
      const lexical = resolve(raw);
      throw invalid({
        path: within(lexical, config.sync.roots) || within(lexical, roots) ? 'syncNotFound' : 'syncOutsideRoots',
      });
    }
    if (!within(real, roots)) throw invalid({ path: 'syncOutsideRoots' });
    if (!(await stat(real)).isDirectory()) throw invalid({ path: 'syncNotFound' });
    try {
      await access(real, constants.R_OK | constants.X_OK);
    } catch {
      throw invalid({ path: 'syncUnreadable' });
    }
    return real;
  }

  /** The source if the actor sees its brand, else 404. */
  async function visible(actor: Actor, id: number): Promise<SyncSourceListRow> {
    await requireAccess(repos, { actor, permission: 'view', kind: syncSourceAccess, ids: [id] });
    const s = await repo().sourceById(id);
    if (!s) throw new AppError('NOT_FOUND');
    return s;
  }

  /** Brand (404 unless seen), the right to manage it, and the folder in it (422 when not). */
  async function checkTarget(actor: Actor, body: Body) {
    await visibleBrand(repos, actor, body.brand_id);
    authorize(syncPolicy.manage(actor));
    const folder = await repos.folders.byId(body.folder_id);
    if (!folder) throw new AppError('NOT_FOUND');
    if (folder.brand_id !== body.brand_id) {
      await visibleBrand(repos, actor, folder.brand_id);
      throw invalid({ folder_id: 'folderNotInBrand' });
    }
  }

  async function views(actor: Actor, rows: SyncSourceListRow[]) {
    const ids = rows.map((r) => r.id);
    const r = repo();
    const [last, counts, next, names] = await Promise.all([
      r.lastRuns(ids),
      r.assetCounts(ids),
      r.nextRuns(ids.map(scheduleKey)),
      repos.folders.crumbsMany(rows.map((s) => s.folder_path)),
    ]);
    return rows.map((s) =>
      sourceView(actor, s, {
        lastRun: last.get(s.id),
        assetCount: counts.get(s.id) ?? 0,
        nextRunAt: next.get(scheduleKey(s.id)),
        folderPath: s.folder_path
          .split('/')
          .filter(Boolean)
          .slice(1)
          .map((id) => names.get(Number(id)) ?? '?')
          .join(' / '),
      }),
    );
  }
  const one = async (actor: Actor, id: number) => ({ source: (await views(actor, [(await visible(actor, id))!]))[0]! });

  const columns = (b: Body) => ({
    name: b.name,
    brand_id: b.brand_id,
    folder_id: b.folder_id,
    schedule: b.schedule,
    daily_at: b.schedule === 'daily' ? (b.daily_at ?? null) : null,
    include: JSON.stringify(b.include),
    exclude: JSON.stringify(b.exclude),
    on_missing: b.on_missing,
    email_report: b.email_report ? 1 : 0,
    watch: b.watch ? 1 : 0,
    enabled: b.enabled ? 1 : 0,
    field_values: JSON.stringify(b.field_values),
  });

  /** The source's `job_schedules` row: hourly or daily runs; none for manual ones. */
  async function schedule(trx: Deps['handle']['db'], id: number, b: Body, replan: boolean) {
    if (b.schedule === 'manual') return removeSchedule(trx, scheduleKey(id));
    const now = clock.now();
    const daily = b.schedule === 'daily';
    await saveSchedule(
      trx,
      {
        key: scheduleKey(id),
        name: 'sync.run',
        payload: { sourceId: id, trigger: 'schedule' },
        everySeconds: daily ? DAY_S : 3600,
        enabled: b.enabled,
        ...(replan ? { firstRunAt: daily ? nextDailyAt(b.daily_at!, now) : new Date(now.getTime() + 3600_000) } : {}),
      },
      clock,
    );
  }

  return {
    roots: async (ctx: RequestContext) => {
      void ctx;
      return { roots: config.sync.roots };
    },

    async list({ actor }: RequestContext, q: z.output<typeof SyncSourceListQuery>) {
      let brandIds: number[] | null;
      if (q.brand_id !== undefined) brandIds = [(await visibleBrand(repos, actor, q.brand_id)).id];
      else brandIds = seesAllBrands(actor) ? null : (await repos.brands.forUser(actor.user.id, false)).map((b) => b.id);
      const perPage = q.per_page ?? PER_PAGE;
      const page = await repo().listSources(brandIds, q.page, perPage);
      return { items: await views(actor, page.items), total: page.total, page: q.page, per_page: perPage };
    },

    get: ({ actor }: RequestContext, id: number) => one(actor, id),

    async create(ctx: RequestContext, body: Body) {
      const { actor } = ctx;
      await checkTarget(actor, body);
      await precheckCarried(repos, body.brand_id, body.field_values);
      const path = await checkPath(body.path);
      const at = iso(clock.now());
      const values = { ...columns(body), path };
      const id = await deps.change(ctx, async (u) => {
        const newId = await u.repos.sync.insertSource({
          ...values,
          created_by: actor.user.id,
          created_at: at,
          updated_at: at,
        });
        await schedule(u.db, newId, body, true);
        await u.audit({
          event: 'sync.source_create',
          target: sourceTarget({ id: newId, name: body.name }),
          changes: created({
            ...values,
            include: body.include,
            exclude: body.exclude,
            field_values: body.field_values,
          }),
          info: { brand_id: body.brand_id, folder_id: body.folder_id },
        });
        return newId;
      });
      return one(actor, id);
    },

    async update(ctx: RequestContext, id: number, body: Body) {
      const { actor } = ctx;
      const before = await visible(actor, id);
      authorize(syncPolicy.manage(actor));
      await checkTarget(actor, body);
      await precheckCarried(repos, body.brand_id, body.field_values);
      const path = before.path === body.path ? before.path : await checkPath(body.path);
      const values = { ...columns(body), path };
      const replan = values.schedule !== before.schedule || values.daily_at !== before.daily_at;
      await deps.change(ctx, async (u) => {
        await u.repos.sync.updateSource(id, { ...values, updated_at: iso(clock.now()) });
        await schedule(u.db, id, body, replan);
        await u.audit({
          event: 'sync.source_update',
          target: sourceTarget({ id, name: body.name }),
          changes: changesOf(before, values, Object.keys(values) as (keyof typeof values)[]),
        });
      });
      return one(actor, id);
    },

    async remove(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const s = await visible(actor, id);
      authorize(syncPolicy.manage(actor));
      await deps.change(ctx, async (u) => {
        await u.repos.sync.deleteSource(id);
        await removeSchedule(u.db, scheduleKey(id));
        await u.audit({ event: 'sync.source_delete', target: sourceTarget(s) });
      });
      return { message: 'Sync source deleted.' };
    },

    /** Runs a source now; a run already queued or running is the answer (one at a time). */
    async run(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const s = await visible(actor, id);
      authorize(syncPolicy.manage(actor));
      const { runId } = await requestRun(deps.repos, clock, id, 'manual', {
        userId: actor.user.id,
        within: (work) =>
          deps.change(ctx, async (u) => {
            const run = await work(u);
            await u.audit({ event: 'sync.run_request', target: sourceTarget(s), info: { run_id: run } });
            return run;
          }),
      });
      return { run: runView((await repo().runById(runId))!) };
    },

    async runs({ actor }: RequestContext, id: number, q: z.output<typeof PageQuery>) {
      await visible(actor, id);
      const perPage = q.per_page ?? PER_PAGE;
      const page = await repo().listRuns(id, q.page, perPage);
      return { items: page.items.map(runView), total: page.total, page: q.page, per_page: perPage };
    },

    async runGet({ actor }: RequestContext, runId: number) {
      const run = await repo().runById(runId);
      if (!run) throw new AppError('NOT_FOUND');
      await visible(actor, run.source_id);
      return { run: runView(run) };
    },

    async runItems({ actor }: RequestContext, runId: number, q: z.output<typeof SyncRunItemsQuery>) {
      const run = await repo().runById(runId);
      if (!run) throw new AppError('NOT_FOUND');
      await visible(actor, run.source_id);
      const perPage = q.per_page ?? 50;
      const page = await repo().items(runId, q.outcome, q.page, perPage);
      return { items: page.items.map(itemView), total: page.total, page: q.page, per_page: perPage };
    },
  };
}
export type SyncService = ReturnType<typeof syncService>;

declare module '../../deps/services.js' {
  interface Services {
    sync: ReturnType<typeof syncService>;
  }
}
