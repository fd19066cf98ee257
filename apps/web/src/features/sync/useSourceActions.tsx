import { IconHistory, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { SyncSource } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../ui/adminTable';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { useJobStarted } from '../jobs/api';
import { isRunActive, useDeleteSource, useRunSource } from './api';

/** Run now, the runs, edit and delete, as each source's abilities allow. */
export function useSourceActions(
  onEdit: (source: SyncSource) => void,
  opts: { detail?: boolean; onDeleted?: () => void } = {},
): RowAction<SyncSource>[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const run = useRunSource();
  const remove = useDeleteSource();
  const jobStarted = useJobStarted();

  const runNow = (source: SyncSource) =>
    run.mutate(source.id, {
      onSuccess: () => {
        void jobStarted();
        notifySuccess(t('sync.runStartedTitle'), t('sync.runStarted', { name: source.name }));
      },
      onError: (e) => notifyError(e),
    });

  const onDelete = async (source: SyncSource) => {
    const ok = await confirm({
      title: t('sync.deleteConfirmTitle'),
      message: t('sync.deleteConfirm', {
        name: source.name,
        count: source.asset_count,
        formatted: formatNumber(source.asset_count),
      }),
      confirmLabel: t('sync.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(source.id, {
      onSuccess: () => {
        notifySuccess(t('sync.deletedTitle'), t('sync.deleted', { name: source.name }));
        opts.onDeleted?.();
      },
      onError: (e) => notifyError(e),
    });
  };

  return [
    {
      key: 'run',
      label: t('sync.runNow'),
      ariaLabel: (s) => t('sync.runNamed', { name: s.name }),
      icon: <IconPlayerPlay size={14} />,
      variant: 'light',
      inline: true,
      hidden: (s) => !s.abilities.run,
      disabled: (s) => isRunActive(s.last_run),
      loading: (s) => run.isPending && run.variables === s.id,
      onClick: runNow,
    },
    ...(opts.detail
      ? [
          {
            key: 'runs',
            label: t('sync.runs'),
            ariaLabel: (s: SyncSource) => t('sync.runsNamed', { name: s.name }),
            icon: <IconHistory size={14} />,
            onClick: (s: SyncSource) => void navigate(`/asset/sync/${s.id}`),
          },
        ]
      : []),
    {
      key: 'edit',
      label: t('sync.edit'),
      ariaLabel: (s) => t('sync.editNamed', { name: s.name }),
      icon: <IconPencil size={14} />,
      inline: true,
      hidden: (s) => !s.abilities.update,
      onClick: onEdit,
    },
    {
      key: 'delete',
      label: t('sync.delete'),
      ariaLabel: (s) => t('sync.deleteNamed', { name: s.name }),
      icon: <IconTrash size={14} />,
      color: 'red',
      hidden: (s) => !s.abilities.delete,
      loading: (s) => remove.isPending && remove.variables === s.id,
      onClick: (s) => void onDelete(s),
    },
  ];
}
