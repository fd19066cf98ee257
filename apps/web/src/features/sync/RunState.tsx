import { useEffect } from 'react';
import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { SyncRun } from '@brandvault/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../i18n/format';
import { isActive, useJob } from '../jobs/api';
import { isRunActive, syncKeys } from './api';
import { RUN_STATUS_COLORS, countsSummary } from './labels';

/**
 * A source's state in a word or two: the run under way with its progress ("2,340 of 12,000
 * files"), else the last run's status, when, and what it changed.
 */
export function RunState({ run, enabled = true }: { run: SyncRun | null; enabled?: boolean }) {
  const { t } = useTranslation();
  if (run && isRunActive(run)) return <RunProgress run={run} />;
  if (!run)
    return (
      <Text size="sm" c="dimmed">
        {enabled ? t('sync.state.never') : t('sync.state.disabled')}
      </Text>
    );
  const when = run.finished_at ?? run.started_at ?? run.queued_at;
  const summary = run.status === 'failed' ? (run.error ?? '') : countsSummary(t, run);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Badge size="sm" variant="light" color={RUN_STATUS_COLORS[run.status]} miw="max-content">
          {t(`sync.status.${run.status}`)}
        </Badge>
        <Tooltip label={formatDateTime(when)}>
          <Text size="xs" c="dimmed" component="span">
            {formatRelativeTime(when)}
          </Text>
        </Tooltip>
      </Group>
      {summary && (
        <Text size="xs" c={run.status === 'failed' ? 'red' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
          {summary}
        </Text>
      )}
    </Stack>
  );
}

/** A run under way, followed through its job; when the job ends the sync lists are asked again. */
function RunProgress({ run }: { run: SyncRun }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const job = useJob(run.job_id);
  const ended = job.data ? !isActive(job.data) : false;
  useEffect(() => {
    if (ended) void qc.invalidateQueries({ queryKey: syncKeys.all });
  }, [ended, qc]);
  const p = job.data?.progress;
  const percent = p && p.of > 0 ? Math.min(100, Math.round((p.done / p.of) * 100)) : null;
  const label = p
    ? t('sync.progress', { done: formatNumber(p.done), of: formatNumber(p.of), count: p.of })
    : run.status === 'queued' && job.data?.status !== 'running'
      ? t('sync.state.queued')
      : t('sync.state.running');
  return (
    <Stack gap={4} maw={240} data-testid="sync-progress">
      <Progress
        size="sm"
        value={percent ?? 100}
        striped={percent === null}
        animated={percent === null}
        aria-label={t('sync.state.running')}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {label}
      </Text>
    </Stack>
  );
}
