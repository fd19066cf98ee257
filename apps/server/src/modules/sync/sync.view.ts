import type { SyncRun, SyncRunItem, SyncSource } from '@brandvault/contract';
import { SYNC_OUTCOMES, SYNC_REASONS, SYNC_RUN_STATUSES, SYNC_RUN_TRIGGERS } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import { syncPolicy } from './sync.policy.js';
import type { SyncRunRow, SyncSourceListRow } from './sync.repo.js';

const oneOf = <T extends string>(all: readonly T[], v: string | null, fallback: T): T =>
  all.includes(v as T) ? (v as T) : fallback;
const list = (v: string): string[] => {
  try {
    const a: unknown = JSON.parse(v);
    return Array.isArray(a) ? a.map(String) : [];
  } catch {
    return [];
  }
};

export function runView(r: SyncRunRow): SyncRun {
  return {
    id: r.id,
    source_id: r.source_id,
    status: oneOf(SYNC_RUN_STATUSES, r.status, 'failed'),
    trigger: oneOf(SYNC_RUN_TRIGGERS, r.trigger, 'manual'),
    job_id: r.job_id,
    started_by: r.started_by ? { id: r.started_by, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() } : null,
    counts: {
      seen: r.n_seen,
      new: r.n_new,
      restored: r.n_restored,
      updated: r.n_updated,
      moved: r.n_moved,
      removed: r.n_removed,
      skipped: r.n_skipped,
      failed: r.n_failed,
      unchanged: r.n_unchanged,
    },
    nothing_changed: r.nothing_changed === 1,
    error: r.error,
    queued_at: r.queued_at,
    started_at: r.started_at,
    finished_at: r.finished_at,
  };
}

export interface SourceExtras {
  lastRun: SyncRunRow | undefined;
  assetCount: number;
  nextRunAt: string | undefined;
  /** "Folder / Subfolder" below the brand's root. */
  folderPath: string;
}

/** The stored default field values; an unreadable column reads as none. */
function fieldValuesOf(json: string): SyncSource['field_values'] {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as SyncSource['field_values']) : {};
  } catch {
    return {};
  }
}

export function sourceView(actor: Actor, s: SyncSourceListRow, x: SourceExtras): SyncSource {
  return {
    id: s.id,
    name: s.name,
    path: s.path,
    brand: { id: s.brand_id, name: s.brand_name },
    folder: { id: s.folder_id, name: s.folder_name, path: x.folderPath },
    schedule: oneOf(['manual', 'hourly', 'daily'] as const, s.schedule, 'manual'),
    daily_at: s.daily_at,
    include: list(s.include),
    exclude: list(s.exclude),
    on_missing: s.on_missing === 'keep' ? 'keep' : 'remove',
    email_report: s.email_report === 1,
    watch: s.watch === 1,
    enabled: s.enabled === 1,
    field_values: fieldValuesOf(s.field_values),
    asset_count: x.assetCount,
    last_run: x.lastRun ? runView(x.lastRun) : null,
    next_run_at: s.enabled === 1 ? (x.nextRunAt ?? null) : null,
    created_at: s.created_at,
    updated_at: s.updated_at,
    abilities: syncPolicy.abilities(actor),
  };
}

export const itemView = (r: {
  path: string;
  outcome: string;
  reason: string | null;
  from_path: string | null;
  asset_id: number | null;
}): SyncRunItem => ({
  path: r.path,
  outcome: oneOf(SYNC_OUTCOMES, r.outcome, 'failed'),
  reason: r.reason === null ? null : oneOf(SYNC_REASONS, r.reason, 'error'),
  from_path: r.from_path,
  asset_id: r.asset_id,
});
