import { constants } from 'node:fs';
import { access, realpath } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SyncCounts, SyncRunTrigger } from '@brandvault/contract';
import { PermanentJobError } from '../../jobs/errors.js';
import type { JobContext } from '../../jobs/types.js';
import { iso } from '../../lib/clock.js';
import { contextFor } from '../../lib/requestContext.js';
import { asLang } from '../../mail/templates.js';
import type { Deps } from '../../deps/deps.js';
import { linkActor } from '../assets/downloadLink.js';
import { folderMirror, reconciler } from './sync.reconcile.js';
import { ACTIVE_RUN } from './sync.repo.js';
import type { SyncEntryRow, syncRepo } from './sync.repo.js';
import { requestRun } from './sync.runs.js';
import { SourceUnreadable, hashFile, pathFilter, scanTree, stillWriting, within } from './sync.scan.js';
import type { ScannedFile } from './sync.scan.js';
import { syncMails } from './sync.mail.js';
import { importBatcher } from './sync.batch.js';

/**
 * Test seams: `settle` replaces the wait between the two looks at new and changed files (a test
 * writes to a file meanwhile); `afterFile` is called after each file a run worked on (a test
 * throws there to kill a run half-way).
 */
export const syncHooks: {
  settle: ((ms: number) => Promise<void>) | null;
  afterFile: ((done: number) => void | Promise<void>) | null;
} = { settle: null, afterFile: null };

/** Files worked on at once by a run. */
const LANES = 4;

/**
 * Runs `work` over `items`, `lanes` at a time. After a failure no new item starts; the ones under
 * way end first (a retry of the job never overlaps them), then the first error is thrown.
 */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  if (failure) throw (failure as { err: unknown }).err;
}

const under = (rel: string, dirs: string[]) => dirs.some((d) => rel === d || rel.startsWith(`${d}/`));
const parseList = (v: string): string[] => {
  try {
    const a: unknown = JSON.parse(v);
    return Array.isArray(a) ? a.map(String) : [];
  } catch {
    return [];
  }
};

/** What a job gives a service-shaped dependency set (the ingest path takes Deps). */
function jobDeps(job: JobContext): Deps {
  if (!job.storage) throw new PermanentJobError('sync.run needs the blob store');
  return {
    handle: { db: job.db, dialect: job.dialect, close: async () => undefined },
    config: { maxUploadBytes: job.sync.maxUploadBytes, appKey: job.appKey },
    clock: job.clock,
    storage: job.storage,
    repos: job.repos,
    log: job.log,
    change: job.change,
    tx: job.tx,
  } as unknown as Deps;
}

/**
 * The `sync.run` job: a run of one source, queued by a request or the watcher (`runId`) or by the
 * source's schedule (no run yet: one is made, unless one is under way). A retry after a crash
 * finds the run `running` and carries on: every path done is in `sync_entries` already.
 */
export async function runSyncJob(job: JobContext, p: { sourceId: number; runId?: number; trigger: SyncRunTrigger }) {
  const repo = job.repos.sync;
  const source = await repo.sourceById(p.sourceId);
  if (!source) return { state: 'gone' };
  let runId = p.runId;
  if (runId === undefined) {
    if (!source.enabled) return { state: 'disabled' };
    const asked = await requestRun(job.repos, job.clock, source.id, p.trigger, {
      jobId: job.job.id,
      within: job.tx,
    });
    if (!asked.created) return { state: 'under_way', run_id: asked.runId };
    runId = asked.runId;
  }
  const run = await repo.runById(runId);
  if (!run || !(ACTIVE_RUN as readonly string[]).includes(run.status)) return { state: run?.status ?? 'gone' };
  await repo.updateRun(
    runId,
    { status: 'running', started_at: run.started_at ?? iso(job.clock.now()), job_id: job.job.id },
    ACTIVE_RUN,
  );
  const fail = (message: string) =>
    job.tx(async (t) => {
      await t.repos.sync.updateRun(runId, {
        status: 'failed',
        error: message.slice(0, 2000),
        finished_at: iso(job.clock.now()),
      });
      await t.emit('sync.run_finished', { runId, sourceId: source.id, brandId: source.brand_id, status: 'failed' });
    });
  try {
    const counts = await execute(job, source.id, runId);
    return { run_id: runId, ...counts };
  } catch (err) {
    const last = err instanceof SourceUnreadable || job.job.attempt >= job.job.maxAttempts;
    if (!last) throw err; // retried: the run stays running and resumes
    await fail(err instanceof Error ? err.message : String(err));
    throw new PermanentJobError(err instanceof Error ? err.message : String(err));
  }
}

async function execute(job: JobContext, sourceId: number, runId: number) {
  const repo = job.repos.sync;
  const source = (await repo.sourceById(sourceId))!;
  const creator = source.created_by ? await linkActor(job.repos, source.created_by) : null;
  if (!creator) throw new SourceUnreadable("The source's creator can no longer sign in; save the source again.");
  const deps = jobDeps(job);
  const ctx = contextFor(creator, asLang(creator.user.lang));
  const roots = (await Promise.all(job.sync.roots.map((r) => realpath(r).catch(() => null)))).filter(
    (r): r is string => r !== null,
  );
  if (!within(source.path, roots)) throw new SourceUnreadable(`${source.path} is no longer under SYNC_ROOTS`);

  const scan = await scanTree(source.path, roots, pathFilter(parseList(source.include), parseList(source.exclude)));
  const entries = new Map<string, SyncEntryRow>((await repo.entries(source.id)).map((e) => [e.rel_path, e]));
  const reported = await repo.reportedPaths(runId);
  const env = { deps, ctx, source, runId };
  // One folder cache for the reconciler and the batches, so a directory becomes one folder.
  const folders = folderMirror(env);
  const act = reconciler(env, folders);

  const candidates: ScannedFile[] = [];
  let unchanged = 0;
  const comeBack: [ScannedFile, SyncEntryRow][] = [];
  for (const f of scan.files.values()) {
    const e = entries.get(f.rel);
    const same = e && Number(e.size) === f.size && Number(e.mtime_ms) === f.mtimeMs;
    const failedSame = e && Number(e.failed_size) === f.size && Number(e.failed_mtime_ms) === f.mtimeMs;
    if (same && e.asset_id !== null) {
      if (e.missing_since !== null) comeBack.push([f, e]);
      else unchanged += 1;
    } else if (failedSame || (same && e.failed_size !== null))
      unchanged += 1; // failed before: silent
    else candidates.push(f);
  }
  const problems = new Set(scan.problems.map((q) => q.rel));
  for (const q of scan.problems) if (!reported.has(q.rel)) await act.skipped(q.rel, q.reason);
  const missing = [...entries.values()].filter(
    (e) => !scan.files.has(e.rel_path) && !problems.has(e.rel_path) && !under(e.rel_path, scan.unreadable),
  );
  const of = scan.files.size + missing.filter((e) => e.missing_since === null).length;
  let done = unchanged;
  await job.progress(done, of);

  if (candidates.length) await (syncHooks.settle ?? ((ms: number) => sleep(ms)))(job.sync.settleMs);
  const moving = candidates.length ? await stillWriting(candidates) : new Set<string>();
  // Gone paths by hash, to tell a move from a new file and a removal.
  const goneBySha = new Map<string, SyncEntryRow[]>();
  for (const e of missing)
    if (e.sha256 && e.asset_id !== null) goneBySha.set(e.sha256, [...(goneBySha.get(e.sha256) ?? []), e]);
  const movedFrom = new Set<string>();
  const step = async () => {
    done += 1;
    await job.progress(done, of);
    await syncHooks.afterFile?.(done);
  };
  // New paths are stored a few at a time and their rows written a batch per transaction.
  const batcher = importBatcher(env, act, folders, await deps.repos.assets.allowedExtensions(), async (n) => {
    for (let i = 0; i < n; i++) await step();
  });

  for (const [f, e] of comeBack) {
    job.signal.throwIfAborted();
    await act.touch(f, e);
    await step();
  }
  // Files are independent: a few at a time, so one file's type check and metadata tools overlap
  // the next file's hashing and database writes.
  const lanes = inLanes(candidates, LANES, async (f) => {
    job.signal.throwIfAborted();
    if (moving.has(f.rel)) {
      if (!reported.has(f.rel)) await act.skipped(f.rel, 'still_writing');
      return step();
    }
    const e = entries.get(f.rel);
    const known = e && e.asset_id !== null && e.asset_status !== null;
    // Nothing gone that it could have moved from: a new path is imported at once and hashed as it
    // is stored, so a first import reads each file once instead of twice.
    const moveCandidate = !known && goneBySha.size > 0;
    let sha = '';
    try {
      if (known || moveCandidate) sha = await hashFile(f.abs);
      else await access(f.abs, constants.R_OK);
    } catch {
      if (!reported.has(f.rel)) await act.skipped(f.rel, 'unreadable');
      return step();
    }
    if (known) {
      if (sha === e.sha256) await act.touch(f, e);
      else await act.newVersion(f, e);
    } else {
      const from = goneBySha.get(sha)?.find((g) => !movedFrom.has(g.rel_path));
      if (from) {
        movedFrom.add(from.rel_path);
        await act.move(f, from);
      } else if ((await batcher.add(f, e)) === 'batched') return; // counted when its batch commits
    }
    await step();
  });
  try {
    await lanes;
    await batcher.flush();
  } catch (err) {
    await batcher.discard();
    throw err;
  }
  for (const e of missing) {
    if (movedFrom.has(e.rel_path)) continue;
    if (e.missing_since !== null && e.asset_id !== null) continue; // gone before: nothing new
    job.signal.throwIfAborted();
    await act.gone(e);
    await step();
  }
  return finish(job, source, runId, scan.files.size);
}

async function finish(
  job: JobContext,
  source: NonNullable<Awaited<ReturnType<ReturnType<typeof syncRepo>['sourceById']>>>,
  runId: number,
  seen: number,
): Promise<SyncCounts & { nothing_changed: boolean }> {
  const repo = job.repos.sync;
  const n = await repo.itemCounts(runId);
  const c = (k: string) => n.get(k) ?? 0;
  const counts: SyncCounts = {
    seen,
    new: c('new'),
    restored: c('restored'),
    updated: c('updated'),
    moved: c('moved'),
    removed: c('removed'),
    skipped: c('skipped'),
    failed: c('failed'),
    unchanged: 0,
  };
  counts.unchanged = Math.max(
    0,
    seen - counts.new - counts.restored - counts.updated - counts.moved - counts.skipped - counts.failed,
  );
  const nothing = counts.new + counts.restored + counts.updated + counts.moved + counts.removed + counts.failed === 0;
  const creator = source.created_by ? await job.repos.users.byId(source.created_by) : undefined;
  await job.tx(async (t) => {
    await t.repos.sync.updateRun(runId, {
      status: 'done',
      n_seen: counts.seen,
      n_new: counts.new,
      n_restored: counts.restored,
      n_updated: counts.updated,
      n_moved: counts.moved,
      n_removed: counts.removed,
      n_skipped: counts.skipped,
      n_failed: counts.failed,
      n_unchanged: counts.unchanged,
      nothing_changed: nothing ? 1 : 0,
      error: null,
      finished_at: iso(job.clock.now()),
    });
    await t.emit('sync.run_finished', { runId, sourceId: source.id, brandId: source.brand_id, status: 'done' });
    // Mail only a run that did or met something: an hourly "nothing changed" is noise.
    if (source.email_report && creator && (!nothing || counts.skipped > 0)) {
      const url = `${job.appUrl ?? ''}/asset/sync?source=${source.id}&run=${runId}`;
      await t.mail(syncMails.runReport(asLang(creator.lang), creator, source.name, counts, url));
    }
  });
  return { ...counts, nothing_changed: nothing };
}
