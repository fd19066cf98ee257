import type { AssetView } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { notifyError, notifyWarning } from '../../lib/notify';
import { confirm } from '../../ui/confirm/confirmStore';
import { confirmDownload } from './api';
import { availabilityText, gateLines } from './availability';

/** Starts the browser's download of `url` as a link would. */
export function follow(url: string, name: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Downloads an asset's original as its rights allow (issue 40): at once when nothing stands in
 * the way; a notice when its brand blocks expired or embargoed downloads; otherwise after the
 * user confirms the licence terms and the expiry, which the server records.
 */
export async function gatedDownload(asset: AssetView, t: TFunction): Promise<void> {
  if (asset.download_url) return follow(asset.download_url, asset.name);
  const gate = asset.download_gate;
  if (gate.blocked) {
    const why = availabilityText(asset.availability, t);
    notifyWarning(t('availability.blockedTitle'), `${why}. ${t('availability.blocked')}`, 'downloads');
    return;
  }
  if (!gate.warn && !gate.terms.length) return;
  const ok = await confirm({
    title: gate.terms.length ? t('availability.confirm.termsTitle') : t('availability.confirm.expiredTitle'),
    message: gate.terms.length ? t('availability.confirm.terms') : t('availability.confirm.expired'),
    details: gateLines(gate, asset.availability, t),
    confirmLabel: t('availability.confirm.accept'),
    cancelLabel: t('common.cancel'),
  });
  if (!ok) return;
  try {
    follow(await confirmDownload(asset.id), asset.name);
  } catch (e) {
    notifyError(e, 'downloads');
  }
}
