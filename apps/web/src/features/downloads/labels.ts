import type { TFunction } from 'i18next';
import type { DownloadItem } from '@brandvault/contract';
import { formatNumber } from '../../i18n/format';

/** "3 files", or "Many files" while the count is not known yet (spec §9: default 'Many'). */
export function filesText(t: TFunction, count: number | null | undefined): string {
  if (count === null || count === undefined) return t('downloads.manyFiles');
  return t('downloads.files', { count, formatted: formatNumber(count) });
}

/** "1 folder, 3 assets" (either part left out at zero). */
export function countsText(t: TFunction, folders: number, assets: number): string {
  const parts: string[] = [];
  if (folders > 0) parts.push(t('downloads.folders', { count: folders, formatted: formatNumber(folders) }));
  if (assets > 0) parts.push(t('downloads.assets', { count: assets, formatted: formatNumber(assets) }));
  return parts.join(', ');
}

/** What the dialog will download: a folder alone by its name, otherwise the counts. */
export function selectionSummary(t: TFunction, folders: { name: string }[], assets: number): string {
  if (folders.length === 1 && assets === 0) return t('downloads.oneFolder', { name: folders[0]!.name });
  return t('downloads.selection', { what: countsText(t, folders.length, assets) });
}

/** "Zip", "PDF · one per page", "PDF · contact sheet". */
export function kindText(t: TFunction, d: Pick<DownloadItem, 'format' | 'layout'>): string {
  return d.format === 'zip' ? t('downloads.kind.zip') : t(`downloads.kind.${d.layout}`);
}
