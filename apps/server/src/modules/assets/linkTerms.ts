import type { LicenceTerms } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import type { Repos } from '../../deps/repos.js';
import { licenceTerms } from './downloadGate.js';

/** The licences whose terms a link's holder accepted, as a download's audit entry names them. */
export type AcceptedLicence = { id: number; name: string };

/** What a download's audit entry adds for accepted terms: nothing when none were asked. */
export const acceptedInfo = (accepted: AcceptedLicence[]) =>
  accepted.length ? { confirmed: { licences: accepted } } : {};

/**
 * Licence terms before a copy leaves through a link (issue 40 §2), one rule for share links and
 * public guidelines links: the page shows each asset's licences, and the file is refused with
 * DOWNLOAD_CONFIRM until the holder's request says it accepted them (`ack=1`).
 */
export function linkTerms(repos: Repos) {
  /** Each asset's licences as a download shows them; assets without one are left out. */
  async function termsOf(ids: number[]) {
    const out = new Map<number, LicenceTerms[]>();
    for (const l of await repos.assetRights.licencesOf(ids)) {
      const list = out.get(l.asset_id) ?? [];
      list.push(licenceTerms(l));
      out.set(l.asset_id, list);
    }
    return out;
  }
  /** Every licence once, for a zip or a page that asks for all of them at one time. */
  const distinct = (byAsset: Map<number, LicenceTerms[]>) => [
    ...new Map([...byAsset.values()].flat().map((l) => [l.id, l])).values(),
  ];
  /**
   * A licensed asset leaves only once its holder accepted the terms the page showed; answers the
   * licences accepted, for the download's audit entry.
   */
  async function requireAck(ids: number[], ack: string | undefined): Promise<AcceptedLicence[]> {
    const terms = distinct(await termsOf(ids));
    if (terms.length && ack !== '1') throw new AppError('DOWNLOAD_CONFIRM');
    return terms.map((l) => ({ id: l.id, name: l.name }));
  }
  return { termsOf, distinct, requireAck };
}
