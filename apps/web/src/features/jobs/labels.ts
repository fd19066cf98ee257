import type { TFunction } from 'i18next';
import type { Job } from '@brandvault/contract';
import i18n from '../../i18n';
import { formatNumber } from '../../i18n/format';

/** A job's name for people: `jobs.names.<job name>` (nested by its dots), or a generic one. */
export function jobLabel(t: TFunction, name: string): string {
  const key = `jobs.names.${name}`;
  return i18n.exists(key) ? t(key) : t('jobs.unnamed');
}

/**
 * A running job's own progress line ("Preparing your download… 1,240 of 3,000 files"), when its
 * name has one under `jobs.progress.<job name>`; null otherwise.
 */
export function jobProgressText(t: TFunction, job: Pick<Job, 'name' | 'status' | 'progress'>): string | null {
  const key = `jobs.progress.${job.name}`;
  if (job.status !== 'running' || !job.progress || !i18n.exists(key)) return null;
  return t(key, { done: formatNumber(job.progress.done), of: formatNumber(job.progress.of) });
}
