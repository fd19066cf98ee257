import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Job } from '@brandvault/contract';
import { isActive, jobsOf, useMyJobs } from '../../features/jobs/api';
import { useJobsStore } from '../../features/jobs/jobsStore';
import { jobLabel, jobProgressText } from '../../features/jobs/labels';
import { jobResultActions } from './resultActions';

/**
 * The shell's one place for background work (zips, PDF sheets, templates, syncs): a button while
 * the user has jobs running or finished in the last minutes, with a list of them and their
 * progress. Nothing at all otherwise.
 */
export function JobsIndicator() {
  const { t } = useTranslation();
  const { data } = useMyJobs();
  const dismissed = useJobsStore((s) => s.dismissed);
  const dismiss = useJobsStore((s) => s.dismiss);
  const jobs = jobsOf(data).filter((j) => !dismissed.includes(j.id));
  if (jobs.length === 0) return null;

  const active = jobs.filter(isActive).length;
  const failed = jobs.some((j) => j.status === 'failed');
  const finished = jobs.filter((j) => !isActive(j)).map((j) => j.id);
  const label = active > 0 ? t('jobs.running', { count: active }) : t('jobs.finished', { count: jobs.length });

  return (
    <Popover position="bottom-end" width={340} shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={label} withArrow>
          <Indicator label={active || jobs.length} size={16} color={failed ? 'red' : undefined} offset={4}>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
              {active > 0 ? (
                <Loader size={18} />
              ) : failed ? (
                <IconAlertTriangle size={20} stroke={1.7} />
              ) : (
                <IconChecks size={20} stroke={1.7} />
              )}
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb="xs">
          {t('jobs.title')}
        </Text>
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('jobs.title')}>
          {jobs.map((job) => (
            <JobItem key={job.id} job={job} />
          ))}
        </Stack>
        {finished.length > 0 && (
          <Group justify="flex-end" mt="xs">
            <Button variant="subtle" size="compact-xs" onClick={() => dismiss(finished)}>
              {t('jobs.clearFinished')}
            </Button>
          </Group>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function JobItem({ job }: { job: Job }) {
  const { t } = useTranslation();
  const name = jobLabel(t, job.name);
  const percent = job.progress && job.progress.of > 0 ? Math.round((job.progress.done / job.progress.of) * 100) : null;
  const action = job.status === 'done' ? jobResultActions[job.name]?.(job) : null;
  const progressText = jobProgressText(t, job);
  return (
    <Box component="li" data-testid={`job-${job.id}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {name}
        </Text>
        <Text size="xs" c={job.status === 'failed' ? 'red' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {job.status === 'running' && percent !== null ? `${percent}%` : t(`jobs.status.${job.status}`)}
        </Text>
      </Group>
      {isActive(job) && (
        <Progress
          mt={4}
          size="sm"
          value={percent ?? 100}
          striped={percent === null}
          animated={percent === null}
          aria-label={name}
        />
      )}
      {progressText && (
        <Text size="xs" c="dimmed" mt={2}>
          {progressText}
        </Text>
      )}
      {job.status === 'done' && (action ?? null)}
      {job.status === 'failed' && (
        <Text size="xs" c="red" mt={2}>
          {job.error ?? t('jobs.status.failed')}
        </Text>
      )}
    </Box>
  );
}
