import { Checkbox, Group, Paper, Text } from '@mantine/core';
import { IconFile, IconLock } from '@tabler/icons-react';
import type { AssetTrashEntry } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { notifySuccessWithActions } from '../../lib/notifyActions';
import { formatDateTime, formatRelativeTime } from '../../i18n/format';
import { usePurgeAsset, useRestoreAssets } from './assetTrashApi';
import { daysLeft } from './trashDays';
import classes from './Trash.module.css';
import { TrashRowActions } from './TrashRowActions';

interface Props {
  entry: AssetTrashEntry;
  picked: boolean;
  onPick: () => void;
}

/** A removed file of the Trash: where it was, who removed it, restore and (if allowed) delete forever. */
export function TrashAssetRow({ entry, picked, onPick }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const restore = useRestoreAssets();
  const purge = usePurgeAsset();
  const left = daysLeft(entry.purge_at);
  const when = formatRelativeTime(entry.trashed_at);
  const where = entry.folder.path.length ? entry.folder.path.join(' / ') : t('trash.brandTop');
  const busy = restore.isPending || purge.isPending;

  const onRestore = () =>
    restore.mutate([entry.id], {
      onSuccess: () =>
        notifySuccessWithActions(
          t('trash.fileRestoredTitle'),
          t('trash.restored', { name: entry.name }),
          [{ label: t('trash.openFile'), onClick: () => void navigate(`/brand/asset/${entry.id}`) }],
          'assets',
        ),
      onError: (e) => notifyError(e, 'assets'),
    });

  const onPurge = async () => {
    const ok = await confirm({
      title: t('trash.purgeConfirmTitle', { name: entry.name }),
      message: t('trash.filePurgeConfirm'),
      confirmLabel: t('trash.purgeConfirmButton'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    purge.mutate(entry.id, {
      onSuccess: () => notifySuccess(t('trash.filePurgedTitle'), t('trash.purged', { name: entry.name }), 'assets'),
      onError: (e) => notifyError(e, 'assets'),
    });
  };

  return (
    <li>
      <Paper withBorder radius="md" p="sm" className={classes.fileRow} aria-busy={busy || undefined}>
        <Checkbox
          checked={picked}
          onChange={onPick}
          aria-label={t('trash.selectFile', { name: entry.name })}
          className={classes.pick}
        />
        {entry.thumbnail_url ? (
          <img src={entry.thumbnail_url} alt="" className={classes.thumb} loading="lazy" />
        ) : (
          <IconFile size={28} stroke={1.4} className={classes.icon} aria-hidden />
        )}
        <div className={classes.body}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text fw={600} className={classes.name} title={entry.name}>
              {entry.name}
            </Text>
            {entry.visibility === 'PRIVATE' && <IconLock size={12} aria-label={t('visibility.PRIVATE')} />}
          </Group>
          <Text size="xs" c="dimmed" className={classes.meta}>
            {t('trash.from', { path: where })}
          </Text>
          <Text size="xs" c="dimmed" className={classes.meta} title={formatDateTime(entry.trashed_at)}>
            {entry.trashed_by
              ? t('trash.fileDeletedBy', { name: entry.trashed_by.name, when })
              : t('trash.fileDeletedWhen', { when })}
          </Text>
        </div>
        <TrashRowActions
          name={entry.name}
          left={left}
          busy={busy}
          restoring={restore.isPending}
          purging={purge.isPending}
          onRestore={onRestore}
          onPurge={entry.abilities.purge ? () => void onPurge() : undefined}
        />
      </Paper>
    </li>
  );
}
