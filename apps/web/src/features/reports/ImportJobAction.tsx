import { Anchor } from '@mantine/core';
import type { Job } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The jobs list's line under a finished preview or apply: a link to the import's page. */
export function ImportJobAction({ job }: { job: Job }) {
  const { t } = useTranslation();
  const id = (job.result as { id?: unknown } | null)?.id;
  if (typeof id !== 'number') return null;
  return (
    <Anchor component={Link} to={`/reports/imports/${id}`} size="xs">
      {t(job.name === 'reports.apply' ? 'reports.jobs.openResult' : 'reports.jobs.openPreview')}
    </Anchor>
  );
}
