import type { BrandFigures } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { formatNumber, formatRelativeDay } from '../../i18n/format';

/**
 * "1,204 assets" and "Updated 2 days ago" in the user's language; a brand nothing was ever
 * added to says only "No assets yet".
 */
export function figuresText(t: TFunction, f: BrandFigures): { assets: string; updated: string | null } {
  if (!f.last_upload && f.assets === 0) return { assets: t('brands.neverUpdated'), updated: null };
  return {
    assets: t('brands.assets', { count: f.assets, formatted: formatNumber(f.assets) }),
    updated: f.last_upload ? t('brands.updated', { when: formatRelativeDay(f.last_upload) }) : null,
  };
}
