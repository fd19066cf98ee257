import type { DownloadGate, LicenceTerms } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import type { Repos } from '../../deps/repos.js';
import type { LinkedLicence } from './assetRights.repo.js';
import { assetsPolicy, unavailable } from './assets.policy.js';

const list = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export const licenceTerms = (l: LinkedLicence): LicenceTerms => ({
  id: l.id,
  name: l.name,
  holder: l.holder,
  terms: l.terms,
  channels: list(l.channels),
  territories: list(l.territories),
  valid_until: l.valid_until,
});

/**
 * What taking a copy of each asset takes for the actor (issue 40 §2): expired and embargoed ones
 * are blocked or need a warning as their brand chooses (administrators get the warning), and an
 * asset under a licence needs its terms confirmed. One query per kind for the whole set.
 */
export async function downloadGates(
  repos: Repos,
  actor: Actor,
  assets: { id: number; brand_id: number; availability: string }[],
): Promise<Map<number, DownloadGate>> {
  const out = assets.filter(unavailable);
  const [licences, rules] = await Promise.all([
    repos.assetRights.licencesOf(assets.map((a) => a.id)),
    repos.assetRights.expiredDownloads(out.map((a) => a.brand_id)),
  ]);
  const gates = new Map<number, DownloadGate>();
  for (const a of assets) {
    const off = unavailable(a);
    const blocked = off && rules.get(a.brand_id) !== 'warn' && !assetsPolicy.downloadsUnavailable(actor);
    const terms = licences.filter((l) => l.asset_id === a.id).map(licenceTerms);
    gates.set(a.id, { blocked, warn: off && !blocked, terms });
  }
  return gates;
}

/** Whether a download needs the user's confirmation first (and is not blocked). */
export const needsConfirmation = (g: DownloadGate) => !g.blocked && (g.warn || g.terms.length > 0);

/** What a confirmed download's audit entry records: the licences whose terms were accepted, and the expiry. */
export function confirmedInfo(a: { availability: string; availability_date?: string | null }, g: DownloadGate) {
  if (!needsConfirmation(g)) return {};
  return {
    confirmed: {
      licences: g.terms.map((t) => ({ id: t.id, name: t.name })),
      ...(g.warn ? { availability: a.availability, date: a.availability_date ?? null } : {}),
    },
  };
}
