import type { Collection } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteCollection } from './api';

/** Asks first (the assets stay where they are), then deletes; `onDeleted` after it is gone. */
export function useDeleteCollectionAction(onDeleted?: () => void) {
  const { t } = useTranslation();
  const remove = useDeleteCollection();
  return async (c: Pick<Collection, 'id' | 'name'>) => {
    const ok = await confirm({
      title: t('collections.deleteTitle'),
      message: t('collections.deleteMessage', { name: c.name }),
      confirmLabel: t('collections.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(c.id, {
      onSuccess: () => {
        notifySuccess(t('collections.deletedTitle'), t('collections.deleted', { name: c.name }), 'assets');
        onDeleted?.();
      },
      onError: (e) => notifyError(e, 'assets'),
    });
  };
}
