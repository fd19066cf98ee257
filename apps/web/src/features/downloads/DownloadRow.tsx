import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconFileZip } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { DownloadItem, DownloadState } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyInfo } from '../../lib/notify';
import { formatBytes, formatDateTime, formatRelativeTime } from '../../i18n/format';
import { isActive, useJob } from '../jobs/api';
import { jobProgressText } from '../jobs/labels';
import { downloadKeys, fetchDownload } from './api';
import { filesText, kindText } from './labels';

const STATE_COLOR: Record<DownloadState, string> = {
  preparing: 'blue',
  ready: 'teal',
  failed: 'red',
  expired: 'gray',
};

/** One zip or PDF: what it is, its state, and the file while it can be fetched. */
export function DownloadRow({ download: d }: { download: DownloadItem }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();
  const save = async () => {
    setBusy(true);
    try {
      const item = await fetchDownload(d.id);
      if (item.state !== 'ready') {
        notifyInfo(t('downloads.expiredTitle'), t('downloads.expired'), 'downloads');
        void qc.invalidateQueries({ queryKey: downloadKeys.all });
      }
    } catch (e) {
      notifyError(e, 'downloads');
    } finally {
      setBusy(false);
    }
  };

  const facts = [
    kindText(t, d),
    d.files !== null ? filesText(t, d.files) : null,
    d.skipped ? t('downloads.skipped', { count: d.skipped }) : null,
    d.size !== null ? formatBytes(d.size) : null,
  ].filter(Boolean);
  const when = [
    t('downloads.created', { when: formatRelativeTime(d.created_at) }),
    d.state === 'ready' && d.expires_at ? t('downloads.expires', { when: formatRelativeTime(d.expires_at) }) : null,
  ].filter(Boolean);

  return (
    <Paper withBorder radius="md" p="md" data-testid={`download-${d.id}`}>
      <Group wrap="wrap" gap="md" align="center">
        <Group wrap="nowrap" gap="md" align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <ThemeIcon variant="light" size={40} radius="md" color={d.format === 'zip' ? 'vault' : 'red'} aria-hidden>
            {d.format === 'zip' ? <IconFileZip size={22} stroke={1.6} /> : <IconFileTypePdf size={22} stroke={1.6} />}
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {/* Two lines before an ellipsis: the date and format at the end are what tell them apart. */}
              <Text fw={600} size="sm" lineClamp={2} title={d.name} style={{ wordBreak: 'break-word' }}>
                {d.name}
              </Text>
              <Badge size="sm" variant="light" color={STATE_COLOR[d.state]} style={{ flexShrink: 0 }}>
                {t(`downloads.state.${d.state}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {facts.join(' · ')}
            </Text>
            <Text size="xs" c="dimmed" title={formatDateTime(d.created_at)}>
              {when.join(' · ')}
            </Text>
            {d.state === 'failed' && (
              <Text size="xs" c="red" role="alert">
                {d.error ?? t('downloads.notReady')}
              </Text>
            )}
            {d.state === 'preparing' && <Preparing download={d} />}
          </Stack>
        </Group>
        {d.state === 'ready' && (
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={busy}
            onClick={() => void save()}
            aria-label={t('downloads.downloadName', { name: d.name })}
            ml="auto"
          >
            {t('downloads.action')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** A build in progress, followed through its job; the list is asked again when it ends. */
function Preparing({ download }: { download: DownloadItem }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const job = useJob(download.job_id).data;
  const ended = job ? !isActive(job) : false;
  useEffect(() => {
    if (ended) void qc.invalidateQueries({ queryKey: downloadKeys.all });
  }, [ended, qc]);
  const p = job?.progress;
  const percent = p && p.of > 0 ? Math.round((p.done / p.of) * 100) : null;
  const label = job ? jobProgressText(t, job) : null;
  return (
    <Stack gap={2} mt={4} maw={360}>
      <Progress
        size="sm"
        value={percent ?? 100}
        striped={percent === null}
        animated={percent === null}
        aria-label={t('downloads.preparing')}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {label ?? (job?.status === 'queued' ? t('downloads.queued') : t('downloads.preparing'))}
      </Text>
    </Stack>
  );
}
