import { TRASH_DAYS } from '@brandvault/contract';
import { useState } from 'react';
import type { AssetCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccessWithActions } from '../../lib/notifyActions';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { changeAssetStatus, copyAsset, moveAssets, useFetchAsset } from '../assets/api';
import { gatedDownload } from '../assets/gatedDownload';
import { useInvalidateListings } from './api';

type Picking = { kind: 'move' | 'copy'; assets: AssetCard[] } | null;

/** Runs `work` on each asset in turn (one request at a time), collecting the ones that failed. */
export async function eachInTurn(assets: AssetCard[], work: (a: AssetCard) => Promise<unknown>) {
  const failed: AssetCard[] = [];
  for (const a of assets) {
    try {
      await work(a);
    } catch {
      failed.push(a);
    }
  }
  return { done: assets.length - failed.length, failed };
}

/** Move, copy, remove and download for one asset or a selection, with their dialogs and toasts. */
export function useAssetActions({ onDone }: { onDone?: () => void } = {}) {
  const { t } = useTranslation();
  const fetchAsset = useFetchAsset();
  const invalidate = useInvalidateListings();
  const navigate = useNavigate();
  const [picking, setPicking] = useState<Picking>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const n = (count: number) => ({ count, formatted: formatNumber(count) });

  const goTo = (folderId: number) => ({
    label: t('search.goToFolder'),
    onClick: () => void navigate(`/brand?folder=${folderId}`),
  });

  /** Puts moved assets back where each came from, folder by folder. */
  const undoMove = async (assets: AssetCard[]) => {
    const byFolder = new Map<number, number[]>();
    for (const a of assets) byFolder.set(a.folder_id, [...(byFolder.get(a.folder_id) ?? []), a.id]);
    try {
      for (const [folderId, ids] of byFolder) await moveAssets(folderId, ids);
      notifySuccess(t('search.undoneTitle'), t('search.undone', n(assets.length)), 'assets');
    } catch (e) {
      notifyError(e, 'assets');
    }
    await invalidate();
  };

  const report = (kind: 'moved' | 'copied' | 'removed', done: number, failed: AssetCard[]) => {
    if (failed.length === 0) {
      notifySuccess(t(`search.${kind}Title`), t(`search.${kind}`, n(done)), 'assets');
      return;
    }
    const names = failed
      .slice(0, 5)
      .map((a) => a.name)
      .join(', ');
    notifyInfo(
      t('search.partialTitle'),
      t('search.partial', {
        done: formatNumber(done),
        failed: formatNumber(failed.length),
        names: failed.length > 5 ? `${names}…` : names,
      }),
      'assets',
    );
  };

  const finish = async () => {
    await invalidate();
    onDone?.();
  };

  const start = (kind: 'move' | 'copy', assets: AssetCard[]) => {
    setError(null);
    setPicking({ kind, assets });
  };

  const pick = async (folderId: number) => {
    if (!picking) return;
    const { kind, assets } = picking;
    setPending(true);
    setError(null);
    try {
      if (kind === 'move') {
        // All or nothing per request of MAX_PER_PAGE ids: a refusal stops the rest.
        const ids = assets.map((a) => a.id);
        await moveAssets(folderId, ids);
        notifySuccessWithActions(t('search.movedTitle'), t('search.moved', n(assets.length)), [
          { label: t('search.undo'), onClick: () => void undoMove(assets) },
          goTo(folderId),
        ]);
      } else {
        const { done, failed } = await eachInTurn(assets, (a) => copyAsset(a.id, folderId));
        if (failed.length === 0)
          notifySuccessWithActions(t('search.copiedTitle'), t('search.copied', n(done)), [goTo(folderId)]);
        else report('copied', done, failed);
      }
      setPicking(null);
      await finish();
    } catch (e) {
      // Shown inside the picker (e.g. a refusal), which stays open to choose again.
      setError(e);
      await invalidate();
    } finally {
      setPending(false);
    }
  };

  const remove = async (assets: AssetCard[]) => {
    const ok = await confirm({
      title: t('search.removeTitle', n(assets.length)),
      message: t('search.removeMessage', { days: TRASH_DAYS }),
      confirmLabel: t('search.remove'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    setPending(true);
    try {
      const { done, failed } = await eachInTurn(assets, (a) => changeAssetStatus(a.id));
      report('removed', done, failed);
      await finish();
    } finally {
      setPending(false);
    }
  };

  /**
   * The view answer carries a signed download link, or what stands before it (issue 40: the
   * licence terms to confirm, a blocked expiry); the original always comes as an attachment.
   */
  const download = async (asset: AssetCard) => {
    try {
      const view = await fetchAsset(asset.id);
      await gatedDownload(view.asset, t);
    } catch (e) {
      notifyError(e, 'downloads');
    }
  };

  return {
    picking,
    pending,
    error,
    startMove: (assets: AssetCard[]) => start('move', assets),
    startCopy: (assets: AssetCard[]) => start('copy', assets),
    closePicker: () => setPicking(null),
    pick: (folderId: number) => void pick(folderId),
    remove,
    download,
  };
}

export type AssetActions = ReturnType<typeof useAssetActions>;
