import { Group, Paper, Text } from '@mantine/core';
import { IconFolder, IconLock } from '@tabler/icons-react';
import type { FolderTrashEntry } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { notifySuccessWithActions } from '../../lib/notifyActions';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../i18n/format';
import { usePurgeFolder, useRestoreFolder } from './api';
import { daysLeft } from './trashDays';
import classes from './Trash.module.css';
import { TrashRowActions } from './TrashRowActions';

/** A deleted folder of the Trash: where it was, what it took along, restore and delete forever. */
export function TrashFolderRow({ entry }: { entry: FolderTrashEntry }) {
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
        <TrashRowActions
          name={entry.name}
          left={left}
          busy={busy}
          restoring={restore.isPending}
          purging={purge.isPending}
          onRestore={onRestore}
          onPurge={() => void onPurge()}
        />
      </Paper>
    </li>
  );
}
