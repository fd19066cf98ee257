import { useState } from 'react';
import type { FolderCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../app/confirm/confirmStore';
import type { ConfirmRequest } from '../../app/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../app/notify';
import { formatNumber } from '../../i18n/format';
import { openShortcutDialog } from '../shortcuts/shortcutDialogStore';
import { useMoveFolder, useRemoveFolder } from './api';
import type { FolderFormMode } from './FolderFormModal';

type T = ReturnType<typeof useTranslation>['t'];

/** Spec §4: removal takes every subfolder and asset with it and cannot be undone; say so. */
export function removeFolderRequest(name: string, t: T): ConfirmRequest {
  return {
    title: t('folders.removeConfirmTitle'),
    message: t('folders.removeConfirm', { name }),
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

  const askRemove = async (folder: FolderCard) => {
    if (!(await confirm(removeFolderRequest(folder.name, t)))) return;
    remove.mutate(folder.id, {
      onSuccess: (answer) => {
        notifySuccess(
          t('folders.removedTitle'),
          t('folders.removed', {
            name: folder.name,
            folders: formatNumber(answer.folders),
            assets: formatNumber(answer.assets),
          }),
          'folders',
        );
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
