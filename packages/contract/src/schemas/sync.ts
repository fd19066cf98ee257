import { z } from 'zod';
import { CarriedFieldValues } from './brandFieldValues.js';
import { Id, PageQuery, QueryInt, Timestamp, paginated, text } from './common.js';

/**
 * NAS sync (issue 29): a directory on the server, under one of the `SYNC_ROOTS`, mirrored into a
 * brand's folder by scheduled scans. The scan is the source of truth; a watcher on local disks
 * only starts a run sooner.
 */
export const SYNC_SCHEDULES = ['manual', 'hourly', 'daily'] as const;
export type SyncSchedule = (typeof SYNC_SCHEDULES)[number];
/** What a run does with an asset whose file has gone: `remove` marks it INACTIVE (restorable). */
export const SYNC_ON_MISSING = ['remove', 'keep'] as const;
export type SyncOnMissing = (typeof SYNC_ON_MISSING)[number];
export const SYNC_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];
export const SYNC_RUN_TRIGGERS = ['manual', 'schedule', 'watch'] as const;
export type SyncRunTrigger = (typeof SYNC_RUN_TRIGGERS)[number];
/** What a run did with one path; `skipped` and `failed` carry a reason. */
export const SYNC_OUTCOMES = ['new', 'restored', 'updated', 'moved', 'removed', 'skipped', 'failed'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];
/** Why a path was skipped or failed; the words are in the web's i18n (`sync.reason.<code>`). */
export const SYNC_REASONS = [
  'still_writing',
  'unreadable',
  'broken_symlink',
  'outside_root',
  'refused_type',
  'corrupt',
  'too_large',
  'failed_before',
  'error',
] as const;
export type SyncReason = (typeof SYNC_REASONS)[number];
/** Include/exclude patterns: globs on the path relative to the source directory (`**\/*.jpg`). */
export const SYNC_PATTERNS_MAX = 20;
export const SYNC_PATTERN_MAX_LENGTH = 200;
/** Seconds between the two looks at a file's size and mtime that tell a half-written file. */
export const SYNC_SETTLE_SECONDS = 3;

const Pattern = text().trim().min(1).max(SYNC_PATTERN_MAX_LENGTH);
/** `HH:MM`, 24-hour, in the server's time zone. */
export const DailyAt = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const SyncCounts = z.object({
  seen: z.number().int(),
  new: z.number().int(),
  /** Files that came back: their removed asset is active again. */
  restored: z.number().int(),
  updated: z.number().int(),
  moved: z.number().int(),
  removed: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  unchanged: z.number().int(),
});
export type SyncCounts = z.infer<typeof SyncCounts>;

export const SyncRun = z.object({
  id: z.number().int(),
  source_id: z.number().int(),
  status: z.enum(SYNC_RUN_STATUSES),
  trigger: z.enum(SYNC_RUN_TRIGGERS),
  /** The job that runs it; its progress ("2,340 of 12,000 files") is at `GET /api/jobs/:id`. */
  job_id: z.number().int().nullable(),
  started_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  counts: SyncCounts,
  /** True when a finished run found nothing to do ("nothing changed"). */
  nothing_changed: z.boolean(),
  error: z.string().nullable(),
  queued_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
});
export type SyncRun = z.infer<typeof SyncRun>;

export const SyncSource = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Absolute directory on the server. */
  path: z.string(),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  folder: z.object({ id: z.number().int(), name: z.string(), path: z.string() }),
  schedule: z.enum(SYNC_SCHEDULES),
  daily_at: DailyAt.nullable(),
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  on_missing: z.enum(SYNC_ON_MISSING),
  /** Mail each run's report to the source's creator. */
  email_report: z.boolean(),
  /** A local-disk watcher starts a run soon after a change (a hint; the scan stays the truth). */
  watch: z.boolean(),
  enabled: z.boolean(),
  /** Brand field values set on every asset the sync creates (issue 39 §3), by field key. */
  field_values: CarriedFieldValues,
  /** Assets that came from this source and are not removed. */
  asset_count: z.number().int(),
  last_run: SyncRun.nullable(),
  next_run_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  abilities: z.object({ update: z.boolean(), delete: z.boolean(), run: z.boolean() }),
});
export type SyncSource = z.infer<typeof SyncSource>;

export const SyncSourceBody = z
  .strictObject({
    name: text().trim().min(1).max(120),
    path: text().trim().min(1).max(1000),
    brand_id: Id,
    folder_id: Id,
    schedule: z.enum(SYNC_SCHEDULES),
    daily_at: DailyAt.nullable().optional(),
    include: z.array(Pattern).max(SYNC_PATTERNS_MAX).default([]),
    exclude: z.array(Pattern).max(SYNC_PATTERNS_MAX).default([]),
    on_missing: z.enum(SYNC_ON_MISSING).default('remove'),
    email_report: z.boolean().default(false),
    watch: z.boolean().default(true),
    enabled: z.boolean().default(true),
    field_values: CarriedFieldValues.default({}),
  })
  .superRefine((v, ctx) => {
    if (v.schedule === 'daily' && !v.daily_at)
      ctx.addIssue({ code: 'custom', path: ['daily_at'], params: { key: 'required' } });
  });
export type SyncSourceBody = z.input<typeof SyncSourceBody>;

export const SyncSourceListQuery = PageQuery.extend({ brand_id: Id.optional() });
export const SyncSourceList = paginated(SyncSource);
export const SyncSourceResponse = z.object({ source: SyncSource });
/** The allowed roots, so the form can say where a source may point. */
export const SyncRoots = z.object({ roots: z.array(z.string()) });

export const SyncRunList = paginated(SyncRun);
export const SyncRunResponse = z.object({ run: SyncRun });

export const SyncRunItem = z.object({
  path: z.string(),
  outcome: z.enum(SYNC_OUTCOMES),
  reason: z.enum(SYNC_REASONS).nullable(),
  /** For `moved`: where the asset was before. */
  from_path: z.string().nullable(),
  asset_id: z.number().int().nullable(),
});
export type SyncRunItem = z.infer<typeof SyncRunItem>;
export const SyncRunItemsQuery = PageQuery.extend({
  outcome: z.enum(SYNC_OUTCOMES).optional(),
  per_page: QueryInt(1, 200).optional(),
});
export const SyncRunItemList = paginated(SyncRunItem);

/** On an asset that came from a sync (asset page: "Synced from"). */
export const AssetSyncOrigin = z.object({ source_id: z.number().int(), source_name: z.string(), path: z.string() });
export type AssetSyncOrigin = z.infer<typeof AssetSyncOrigin>;
