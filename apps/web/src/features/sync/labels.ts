import type { TFunction } from 'i18next';
import type { MantineColor } from '@mantine/core';
import type { SyncOutcome, SyncRun, SyncRunStatus, SyncSource } from '@brandvault/contract';
import { formatDuration, formatNumber } from '../../i18n/format';

export const RUN_STATUS_COLORS: Record<SyncRunStatus, MantineColor> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

export const OUTCOME_COLORS: Record<SyncOutcome, MantineColor> = {
  new: 'teal',
  restored: 'cyan',
  updated: 'blue',
  moved: 'grape',
  removed: 'orange',
  skipped: 'gray',
  failed: 'red',
};

/** The outcomes a summary line names, in this order, when they happened. */
const SUMMARY: readonly SyncOutcome[] = ['new', 'restored', 'updated', 'moved', 'removed', 'skipped', 'failed'];

/** "Manual", "Hourly", "Daily at 06:00". */
export function scheduleLabel(t: TFunction, s: Pick<SyncSource, 'schedule' | 'daily_at'>): string {
  if (s.schedule === 'daily') return t('sync.schedule.dailyAt', { time: s.daily_at ?? '—' });
  return t(`sync.schedule.${s.schedule}`);
}

/** "3 new · 1 moved · 2 skipped", or "Nothing changed" for a finished run that found nothing to do. */
export function countsSummary(t: TFunction, run: Pick<SyncRun, 'counts' | 'nothing_changed' | 'status'>): string {
  if (run.nothing_changed) return t('sync.nothingChanged');
  const parts = SUMMARY.filter((o) => run.counts[o] > 0).map((o) =>
    t(`sync.counts.${o}`, { count: run.counts[o], formatted: formatNumber(run.counts[o]) }),
  );
  if (parts.length > 0) return parts.join(' · ');
  return run.status === 'done' ? t('sync.nothingChanged') : '';
}

/** How long a finished run took (m:ss or h:mm:ss), or '' while it has not. */
export function runDuration(run: Pick<SyncRun, 'started_at' | 'finished_at'>): string {
  if (!run.started_at || !run.finished_at) return '';
  const ms = Date.parse(run.finished_at) - Date.parse(run.started_at);
  return Number.isFinite(ms) && ms >= 0 ? formatDuration(ms / 1000) : '';
}
