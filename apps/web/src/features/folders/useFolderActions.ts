import { useState } from 'react';
import { TRASH_DAYS } from '@brandvault/contract';
import type { FolderCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import type { ConfirmRequest } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { notifySuccessWithActions } from '../../lib/notifyActions';
import { useCan } from '../../state/access';
import { formatNumber } from '../../i18n/format';
import { openShortcutDialog } from '../shortcuts/shortcutDialogStore';
import { fetchFolderStats, useMoveFolder, useRemoveFolder, useRestoreFolder } from './api';
import type { FolderFormMode } from './FolderFormModal';

type T = ReturnType<typeof useTranslation>['t'];

/**
 * A deletion moves the folder, its subfolders and assets to the brand's Trash: say how many go
 * (when the counts could be read) and for how long they can be restored.
 */
export function removeFolderRequest(
  name: string,
  t: T,
  counts?: { folders: number; assets: number } | null,
): ConfirmRequest {
  return {
    title: t('folders.removeConfirmTitle', { name }),
    message: counts
      ? t('folders.removeConfirmCounts', {
          folders: t('folders.folderCount', { count: counts.folders + 1, formatted: formatNumber(counts.folders + 1) }),
          assets: t('assets.count', { count: counts.assets, formatted: formatNumber(counts.assets) }),
          days: TRASH_DAYS,
        })
      : t('folders.removeConfirm', { days: TRASH_DAYS }),
    confirmLabel: t('folders.removeConfirmButton'),
    cancelLabel: t('common.cancel'),
    danger: true,
  };
}

/** The dialogs and calls behind the folder card menu. */
export function useFolderActions({ onRemoved }: { onRemoved?: (folder: FolderCard) => void } = {}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FolderFormMode | null>(null);
  const [moving, setMoving] = useState<FolderCard | null>(null);
  const move = useMoveFolder();
  const remove = useRemoveFolder();
  const restore = useRestoreFolder();
  const can = useCan();

  const askRemove = async (folder: FolderCard) => {
    // The counts make the question concrete; without them (an error) it is still asked.
    const counts = await fetchFolderStats(folder.id).catch(() => null);
    if (!(await confirm(removeFolderRequest(folder.name, t, counts)))) return;
    remove.mutate(folder.id, {
      onSuccess: (answer) => {
        const message = t('folders.removed', {
          name: folder.name,
          folders: t('folders.folderCount', { count: answer.folders, formatted: formatNumber(answer.folders) }),
          assets: t('assets.count', { count: answer.assets, formatted: formatNumber(answer.assets) }),
        });
        // Undo is a restore, offered to those who may restore (asset.manage).
        if (can.permission('asset.manage'))
          notifySuccessWithActions(
            t('folders.removedTitle'),
            message,
            [
              {
                label: t('search.undo'),
                onClick: () =>
                  restore.mutate(folder.id, {
                    onSuccess: () =>
                      notifySuccess(t('trash.restoredTitle'), t('trash.restored', { name: folder.name }), 'folders'),
                    onError: (e) => notifyError(e, 'folders'),
                  }),
              },
            ],
            'folders',
          );
        else notifySuccess(t('folders.removedTitle'), message, 'folders');
        onRemoved?.(folder);
      },
      onError: (e) => notifyError(e, 'folders'),
    });
  };

  const startMove = (folder: FolderCard) => {
    move.reset();
    setMoving(folder);
  };

  const doMove = (parentId: number) => {
    if (!moving) return;
    const folder = moving;
    move.mutate(
      { id: folder.id, parentId },
      {
        onSuccess: () => {
          notifySuccess(t('folders.movedTitle'), t('folders.moved', { name: folder.name }), 'folders');
          setMoving(null);
        },
      },
    );
  };

  return {
    form,
    openCreate: (brandId: number, parentId: number) => setForm({ kind: 'create', brandId, parentId }),
    openRename: (folder: FolderCard) => setForm({ kind: 'rename', folder }),
    closeForm: () => setForm(null),
    moving,
    startMove,
    closeMove: () => setMoving(null),
    doMove,
    moveState: move,
    askRemove,
    /** The shortcut dialog for the folder: edit mode when the user already has one to it. */
    openShortcut: (folder: Pick<FolderCard, 'id' | 'name'>) => openShortcutDialog('folder', folder.id, folder.name),
  };
}
