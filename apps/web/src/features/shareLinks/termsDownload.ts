import type { MouseEvent } from 'react';
import type { LicenceTerms } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import { termsLine } from '../assets/availability';
import { follow } from '../assets/gatedDownload';

/**
 * A link holder's download of licensed assets (issue 40 §2): the licences' terms first, then the
 * file with `ack=1`, which the server asks for and records. A link's own click goes on unchanged
 * when nothing is licensed.
 */
export function onTermsDownload(url: string, name: string, terms: LicenceTerms[], t: TFunction, zip = false) {
  return (e: MouseEvent) => {
    if (!terms.length) return;
    e.preventDefault();
    void confirm({
      title: t('availability.confirm.termsTitle'),
      message: zip ? t('availability.confirm.zip') : t('availability.confirm.terms'),
      details: terms.map((l) => termsLine(l, t)),
      confirmLabel: t('availability.confirm.accept'),
      cancelLabel: t('common.cancel'),
    }).then((ok) => {
      if (!ok) return;
      const accepted = new URL(url, window.location.origin);
      accepted.searchParams.set('ack', '1');
      follow(`${accepted.pathname}${accepted.search}`, name);
    });
  };
}
