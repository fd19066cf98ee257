import { ActionIcon, Anchor, Badge, Button, CopyButton, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLock } from '@tabler/icons-react';
import type { UploadRequest, UploadRequestState } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { ColumnDef } from '../../ui/adminTable';
import { formatBytes, formatDateTime, formatNumber } from '../../i18n/format';
import classes from './UploadRequests.module.css';

const STATE_COLORS: Record<UploadRequestState, string> = { active: 'teal', expired: 'gray', closed: 'red' };

/** What a row is called where its link cannot be shown (only its owner sees it). */
export const requestName = (t: TFunction, r: Pick<UploadRequest, 'id' | 'folder'>) =>
  t('uploadRequests.name', { id: r.id, folder: r.folder.name });

function LinkCell({ r, t }: { r: UploadRequest; t: TFunction }) {
  const name = requestName(t, r);
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={500}>
          {name}
        </Text>
        {r.has_password && <IconLock size={12} aria-label={t('uploadRequests.hasPassword')} />}
      </Group>
      <Text size="xs" c="dimmed">
        {r.brand.name}
      </Text>
      {r.url && (
        <Group gap={4} wrap="nowrap">
          <Anchor href={r.url} target="_blank" rel="noreferrer" size="xs" className={classes.address}>
            {r.url}
          </Anchor>
          <CopyButton value={r.url} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('uploadRequests.copied') : t('uploadRequests.copy')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  size="sm"
                  onClick={copy}
                  aria-label={t('uploadRequests.copyNamed', { name })}
                >
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      )}
    </Stack>
  );
}

/** The count and size of what arrived, and a list of the latest files, each opening its asset. */
function UploadsCell({ r, t }: { r: UploadRequest; t: TFunction }) {
  const label = t('uploadRequests.uploadsCount', { count: r.used.files, formatted: formatNumber(r.used.files) });
  return (
    <Stack gap={2}>
      {r.uploads.length ? (
        <Popover width={320} position="bottom-start" withArrow shadow="md">
          <Popover.Target>
            <Button
              variant="subtle"
              size="compact-sm"
              px={4}
              aria-label={t('uploadRequests.showUploads', { name: requestName(t, r) })}
            >
              {label}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {r.uploads.map((u, i) => (
                <li key={`${u.asset_id ?? 'gone'}-${i}`}>
                  {u.asset_id ? (
                    <Anchor component={Link} to={`/brand/asset/${u.asset_id}`} size="sm">
                      {u.file_name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{u.file_name}</Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {u.uploader_name} &lt;{u.uploader_email}&gt; · {formatDateTime(u.created_at)}
                  </Text>
                </li>
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      ) : (
        <Text size="sm">{label}</Text>
      )}
      <Text size="xs" c="dimmed">
        {formatBytes(r.used.bytes)}
        {r.used.last_at ? ` · ${t('uploadRequests.lastUpload', { date: formatDateTime(r.used.last_at) })}` : ''}
      </Text>
    </Stack>
  );
}

export function requestColumns(t: TFunction): ColumnDef<UploadRequest>[] {
  return [
    { key: 'request', header: t('uploadRequests.columns.request'), cell: (r) => <LinkCell r={r} t={t} /> },
    // On a phone the row keeps its name, link and state; what arrived shows from sm up.
    {
      key: 'uploads',
      header: t('uploadRequests.columns.uploads'),
      visibleFrom: 'sm',
      cell: (r) => <UploadsCell r={r} t={t} />,
    },
    {
      key: 'limits',
      header: t('uploadRequests.columns.limits'),
      visibleFrom: 'md',
      cell: (r) => (
        <Text size="sm">
          {t('uploadRequests.limits', {
            files: formatNumber(r.max_files),
            size: formatBytes(r.max_bytes),
          })}
        </Text>
      ),
    },
    {
      key: 'state',
      header: t('uploadRequests.columns.state'),
      cell: (r) => (
        <Stack gap={2}>
          <Badge color={STATE_COLORS[r.state]} variant="light">
            {t(`uploadRequests.states.${r.state}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {r.state === 'closed'
              ? formatDateTime(r.closed_at)
              : t('uploadRequests.until', { date: formatDateTime(r.expires_at) })}
          </Text>
        </Stack>
      ),
    },
    { key: 'owner', header: t('uploadRequests.columns.owner'), visibleFrom: 'lg', cell: (r) => r.owner.name },
  ];
}
