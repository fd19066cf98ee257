import { Badge, Divider, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { useCan } from '../../state/access';
import { isActive, jobsOf, useMyJobs } from '../jobs/api';
import { jobLabel } from '../jobs/labels';
import { useJobsQueue } from './api';
import { CardEmpty, DashboardCard } from './DashboardCard';

/**
 * Work in progress: the caller's own jobs (the shell's list, with their progress) and, for
 * administrators, how many jobs everyone's queue holds.
 */
export function JobsCard() {
  const { t } = useTranslation();
  const admin = useCan().role('admin');
  const mine = useMyJobs();
  const queue = useJobsQueue(admin);
  const running = jobsOf(mine.data).filter(isActive);
  const q = queue.data;
  return (
    <DashboardCard title={t('dashboard.jobs.title')} state={mine} height={120} testId="dashboard-jobs" fill={false}>
      <Stack gap="sm">
        {running.length === 0 ? (
          <CardEmpty>{t('dashboard.jobs.none')}</CardEmpty>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {running.map((job) => {
              const pct = job.progress && job.progress.of > 0 ? (job.progress.done / job.progress.of) * 100 : null;
              return (
                <li key={job.id}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" truncate="end">
                      {jobLabel(t, job.name)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`jobs.status.${job.status}`)}
                    </Text>
                  </Group>
                  <Progress
                    value={pct ?? 100}
                    striped={pct === null}
                    animated={pct === null}
                    size="sm"
                    mt={4}
                    aria-hidden
                  />
                </li>
              );
            })}
          </Stack>
        )}
        {admin && q && (
          <>
            <Divider label={t('dashboard.jobs.everyone')} labelPosition="left" />
            <Group gap="xs" data-testid="dashboard-queue">
              <Badge variant="light" color="vault">
                {t('dashboard.jobs.running', { n: formatNumber(q.running) })}
              </Badge>
              <Badge variant="light" color="gray">
                {t('dashboard.jobs.queued', { n: formatNumber(q.queued) })}
              </Badge>
              <Badge variant="light" color={q.failed_day > 0 ? 'red' : 'gray'}>
                {t('dashboard.jobs.failed', { n: formatNumber(q.failed_day) })}
              </Badge>
            </Group>
          </>
        )}
      </Stack>
    </DashboardCard>
  );
}
