import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Job } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyInfo } from '../../lib/notify';
import { fetchDownload } from './api';
import { filesText } from './labels';

/** What `downloads.build` answers when it ends. */
interface BuildResult {
  id: number;
  state: string;
  files?: number | null;
  skipped?: number | null;
}

const resultOf = (job: Job): BuildResult | null => {
  const r = job.result as Partial<BuildResult> | null;
  return r && typeof r.id === 'number' && typeof r.state === 'string' ? (r as BuildResult) : null;
};

/**
 * The jobs list's line under a finished zip or PDF: its count and a button that asks for a fresh
 * signed address and saves the file; or why it could not be made.
 */
export function DownloadJobAction({ job }: { job: Job }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const result = resultOf(job);
  if (!result) return null;
  if (result.state !== 'ready')
    return (
      <Text size="xs" c="red" mt={2}>
        {t('downloads.notReady')}
      </Text>
    );

  const save = async () => {
    setBusy(true);
    try {
      const item = await fetchDownload(result.id);
      if (item.state !== 'ready') notifyInfo(t('downloads.expiredTitle'), t('downloads.expired'), 'downloads');
    } catch (e) {
      notifyError(e, 'downloads');
    } finally {
      setBusy(false);
    }
  };
  const skipped = result.skipped ? t('downloads.skipped', { count: result.skipped }) : null;
  return (
    <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
      <Text size="xs" c="dimmed" truncate>
        {[filesText(t, result.files), skipped].filter(Boolean).join(' · ')}
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconDownload size={12} />}
        loading={busy}
        onClick={() => void save()}
      >
        {t('downloads.action')}
      </Button>
    </Group>
  );
}
