import { TRASH_DAYS } from '@brandvault/contract';
import { useState } from 'react';
import type { AssetManagerRow } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { useSession } from '../../state/session';
import { useMyBrands } from '../users/api';
import { useChangeStatusMany, useMoveMany } from './api';

/**
 * Remove, restore and move for one asset or a selection, with the spec's confirmations (§4:
 * ACTIVE leads to a removal confirmation, INACTIVE to a restore one), the folder picker and the
 * assets' toasts; `onDone` runs after a change succeeds (the screen clears its selection).
 */
export function useManagerActions(onDone: () => void) {
  const { t } = useTranslation();
  const status = useChangeStatusMany();
  const move = useMoveMany();
  const [moving, setMoving] = useState<AssetManagerRow[] | null>(null);
  const n = (count: number) => ({ count, formatted: formatNumber(count) });

  const change = async (rows: AssetManagerRow[], target: 'ACTIVE' | 'INACTIVE') => {
    if (!rows.length) return;
    const removing = target === 'INACTIVE';
    const one = rows.length === 1 ? rows[0]! : null;
    const ok = await confirm({
      title: one
        ? t(removing ? 'assets.removeConfirmTitle' : 'assets.restoreConfirmTitle')
        : t(removing ? 'search.removeTitle' : 'assetManager.restoreTitle', n(rows.length)),
      message: one
        ? t(removing ? 'assets.removeConfirm' : 'assets.restoreConfirm', { name: one.name, days: TRASH_DAYS })
        : t(removing ? 'assetManager.removeMessage' : 'assetManager.restoreMessage'),
      confirmLabel: t(removing ? 'assets.remove' : 'assets.restore'),
      cancelLabel: t('common.cancel'),
      danger: removing,
    });
    if (!ok) return;
    status.mutate(
      { ids: rows.map((r) => r.id), status: target },
      {
        onSuccess: () => {
          if (one && removing)
            notifySuccess(t('assets.removedTitle'), t('assets.removed', { name: one.name }), 'assets');
          else if (one) notifySuccess(t('assets.restoredTitle'), t('assets.restored', { name: one.name }), 'assets');
          else if (removing) notifySuccess(t('search.removedTitle'), t('search.removed', n(rows.length)), 'assets');
          else notifySuccess(t('assetManager.restoredTitle'), t('assetManager.restored', n(rows.length)), 'assets');
          onDone();
        },
        onError: (e) => notifyError(e, 'assets'),
      },
    );
  };

  const pick = (folderId: number) => {
    if (!moving) return;
    move.mutate(
      { ids: moving.map((r) => r.id), folderId },
      {
        onSuccess: (moved) => {
          notifySuccess(t('search.movedTitle'), t('search.moved', n(moved)), 'assets');
          setMoving(null);
          onDone();
        },
      },
    );
  };

  return {
    pending: status.isPending || move.isPending,
    remove: (rows: AssetManagerRow[]) => void change(rows, 'INACTIVE'),
    restore: (rows: AssetManagerRow[]) => void change(rows, 'ACTIVE'),
    /** Moves stay within a brand: the picker shows the rows' brand's folders. */
    startMove: (rows: AssetManagerRow[]) => {
      move.reset();
      setMoving(rows);
    },
    picker: {
      opened: moving !== null,
      brandId: moving?.[0]?.brand.id ?? 0,
      count: moving?.length ?? 0,
      pending: move.isPending,
      error: move.error,
      onPick: pick,
      onClose: () => setMoving(null),
    },
  };
}
export type ManagerActions = ReturnType<typeof useManagerActions>;

/**
 * Opening an asset of another brand selects that brand first, as notifications and shortcuts do,
 * with the usual "now working in" notice, so the asset page and the navbar agree.
 */
export function useFollowBrand() {
  const { t } = useTranslation();
  const brands = useMyBrands(true);
  return (row: { brand: { id: number } }) => {
    const session = useSession.getState();
    if (session.selectedBrand?.id === row.brand.id) return;
    const brand =
      brands.data?.items.find((b) => b.id === row.brand.id) ??
      session.sessionUser?.brands.find((b) => b.id === row.brand.id);
    if (!brand) return;
    session.selectBrand(brand);
    notifySuccess(t('brands.changedTitle'), t('brands.changed', { name: brand.name }), 'assets');
  };
}
