import type { MouseEvent } from 'react';
import type { LicenceTerms } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { confirm } from '../../ui/confirm/confirmStore';
import { termsLine } from './availability';
import { follow } from './gatedDownload';

/**
 * A link holder's acceptance of licences' terms (issue 40 §2), for share links and public
 * guidelines links alike: the dialog listing them; true once accepted (at once when there are none).
 */
export async function acceptTerms(terms: LicenceTerms[], t: TFunction, zip = false): Promise<boolean> {
  if (!terms.length) return true;
  return confirm({
    title: t('availability.confirm.termsTitle'),
    message: zip ? t('availability.confirm.zip') : t('availability.confirm.terms'),
    details: terms.map((l) => termsLine(l, t)),
    confirmLabel: t('availability.confirm.accept'),
    cancelLabel: t('common.cancel'),
  });
}

/** A link's address once its holder accepted the terms: the same with `ack=1`, which the server asks for and records. */
export function acceptedUrl(url: string) {
  const accepted = new URL(url, window.location.origin);
  accepted.searchParams.set('ack', '1');
  return `${accepted.pathname}${accepted.search}`;
}

/**
 * A link holder's download of licensed assets: the licences' terms first, then the file with
 * `ack=1`. A link's own click goes on unchanged when nothing is licensed.
 */
export function onTermsDownload(url: string, name: string, terms: LicenceTerms[], t: TFunction, zip = false) {
  return (e: MouseEvent) => {
    if (!terms.length) return;
    e.preventDefault();
    void acceptTerms(terms, t, zip).then((ok) => {
      if (ok) follow(acceptedUrl(url), name);
    });
  };
}
