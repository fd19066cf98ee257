import { Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft, IconFolder, IconLock, IconTrash } from '@tabler/icons-react';
import { TRASH_DAYS } from '@brandvault/contract';
import type { FolderTrashEntry } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { usePageTitle } from '../../ui/usePageTitle';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { notifySuccessWithActions } from '../../lib/notifyActions';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../i18n/format';
import { useSession } from '../../state/session';
import { useFolderTrash, usePurgeFolder, useRestoreFolder } from './api';
import classes from './Trash.module.css';

const DAY_MS = 86_400_000;

/** Days, begun ones counted, until the recurring purge deletes the entry (0 once it is due). */
export function daysLeft(purgeAt: string, now = Date.now()) {
  return Math.max(0, Math.ceil((Date.parse(purgeAt) - now) / DAY_MS));
}

/** /brand/trash: the selected brand's deleted folders, with restore and delete forever (asset.manage). */
export default function TrashPage() {
  const brand = useSession((s) => s.selectedBrand);
  if (!brand) return null;
  return <Trash brandId={brand.id} brandName={brand.name} />;
}

function Trash({ brandId, brandName }: { brandId: number; brandName: string }) {
  const { t } = useTranslation();
  usePageTitle(t('trash.title'));
  const list = useFolderTrash(brandId);
  const items = list.data?.items;

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Button
              component={Link}
              to="/brand"
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowLeft size={14} />}
              w="fit-content"
              px={4}
            >
              {t('trash.backToBrand')}
            </Button>
            <Title order={1} fz={24} fw={600}>
              {t('trash.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {brandName} · {t('trash.intro', { days: TRASH_DAYS })}
            </Text>
          </Stack>
        </Group>

        {list.isError ? (
          <PageError error={list.error} onRetry={() => void list.refetch()} />
        ) : !items ? (
          <Stack gap="sm" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={76} radius="md" />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <EmptyBlock
            icon={<IconTrash size={28} stroke={1.6} />}
            title={t('trash.emptyTitle')}
            description={t('trash.empty', { days: TRASH_DAYS })}
            action={
              <Button component={Link} to="/brand" variant="default">
                {t('trash.backToBrand')}
              </Button>
            }
          />
        ) : (
          <ul className={classes.list} aria-label={t('trash.listLabel')}>
            {items.map((e) => (
              <TrashRow key={e.id} entry={e} />
            ))}
          </ul>
        )}
      </Stack>
    </Container>
  );
}

function TrashRow({ entry }: { entry: FolderTrashEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const restore = useRestoreFolder();
  const purge = usePurgeFolder();
  const left = daysLeft(entry.purge_at);
  const folders = t('folders.folderCount', { count: entry.folders, formatted: formatNumber(entry.folders) });
  const assets = t('assets.count', { count: entry.assets, formatted: formatNumber(entry.assets) });
  const when = formatRelativeTime(entry.trashed_at);
  const busy = restore.isPending || purge.isPending;

  const onRestore = () =>
    restore.mutate(entry.id, {
      onSuccess: () =>
        notifySuccessWithActions(
          t('trash.restoredTitle'),
          t('trash.restored', { name: entry.name }),
          [{ label: t('trash.openFolder'), onClick: () => void navigate(`/brand?folder=${entry.id}`) }],
          'folders',
        ),
      onError: (e) => notifyError(e, 'folders'),
    });

  const onPurge = async () => {
    const ok = await confirm({
      title: t('trash.purgeConfirmTitle', { name: entry.name }),
      message: t('trash.purgeConfirm', { folders, assets }),
      confirmLabel: t('trash.purgeConfirmButton'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    purge.mutate(entry.id, {
      onSuccess: () => notifySuccess(t('trash.purgedTitle'), t('trash.purged', { name: entry.name }), 'folders'),
      onError: (e) => notifyError(e, 'folders'),
    });
  };

  return (
    <li>
      <Paper withBorder radius="md" p="sm" className={classes.row} aria-busy={busy || undefined}>
        <IconFolder size={28} stroke={1.4} className={classes.icon} aria-hidden />
        <div className={classes.body}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text fw={600} className={classes.name} title={entry.name}>
              {entry.name}
            </Text>
            {entry.visibility === 'PRIVATE' && <IconLock size={12} aria-label={t('visibility.PRIVATE')} />}
          </Group>
          <Text size="xs" c="dimmed" className={classes.meta}>
            {t('trash.from', { path: entry.location.join(' / ') })} · {t('trash.contents', { folders, assets })}
          </Text>
          <Text size="xs" c="dimmed" className={classes.meta} title={formatDateTime(entry.trashed_at)}>
            {entry.trashed_by
              ? t('trash.deletedBy', { name: entry.trashed_by.name, when })
              : t('trash.deletedWhen', { when })}
          </Text>
        </div>
        <Badge variant="light" color={left <= 3 ? 'red' : 'gray'} className={classes.badge}>
          {left === 0 ? t('trash.lastDay') : t('trash.daysLeft', { count: left })}
        </Badge>
        <Group gap="xs" className={classes.actions} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowBackUp size={14} />}
            loading={restore.isPending}
            disabled={busy}
            onClick={onRestore}
            aria-label={`${t('trash.restore')} ${entry.name}`}
          >
            {t('trash.restore')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={purge.isPending}
            disabled={busy}
            onClick={() => void onPurge()}
            aria-label={`${t('trash.purge')} ${entry.name}`}
          >
            {t('trash.purge')}
          </Button>
        </Group>
      </Paper>
    </li>
  );
}
