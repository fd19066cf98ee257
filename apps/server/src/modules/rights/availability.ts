import type { Repos } from '../../deps/repos.js';

type Reason = { kind: 'asset' | 'licence' | 'consent'; id?: number; name?: string };
interface Bound {
  date: string;
  reason: Reason;
}

/** `day` plus `n` days, as YYYY-MM-DD. */
const plusDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * An asset's availability on `today` from its own window and its licences' and consents' dates
 * (all inclusive): embargoed before the latest start; expired after the earliest end; expiring
 * when that end is within the brand's warning days; else available. The deciding date is the
 * start while embargoed, otherwise the earliest end (null when nothing ends).
 */
export function availabilityOf(starts: Bound[], ends: Bound[], today: string, warningDays: number) {
  const start = starts.reduce<Bound | null>((a, b) => (!a || b.date > a.date ? b : a), null);
  const end = ends.reduce<Bound | null>((a, b) => (!a || b.date < a.date ? b : a), null);
  if (start && today < start.date) return { availability: 'embargoed', date: start.date, reason: start.reason };
  if (end && today > end.date) return { availability: 'expired', date: end.date, reason: end.reason };
  if (end && end.date <= plusDays(today, warningDays))
    return { availability: 'expiring', date: end.date, reason: end.reason };
  return { availability: 'available', date: end?.date ?? null, reason: end?.reason ?? null };
}

/**
 * Writes `availability`, `availability_date` and `availability_reason` of these assets as of
 * `today` (YYYY-MM-DD). Called in the unit of work that changed their dates or links.
 */
export async function recomputeAvailability(repos: Repos, assetIds: number[], today: string): Promise<void> {
  const ids = [...new Set(assetIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    const [assets, licences, consents] = await Promise.all([
      repos.availability.assets(slice),
      repos.availability.licences(slice),
      repos.availability.consents(slice),
    ]);
    for (const a of assets) {
      const starts: Bound[] = [];
      const ends: Bound[] = [];
      if (a.available_from) starts.push({ date: a.available_from, reason: { kind: 'asset' } });
      if (a.available_until) ends.push({ date: a.available_until, reason: { kind: 'asset' } });
      for (const l of licences)
        if (l.asset_id === a.id) {
          const reason: Reason = { kind: 'licence', id: l.id, name: l.name };
          if (l.valid_from) starts.push({ date: l.valid_from, reason });
          if (l.valid_until) ends.push({ date: l.valid_until, reason });
        }
      for (const c of consents)
        if (c.asset_id === a.id && c.valid_until)
          ends.push({ date: c.valid_until, reason: { kind: 'consent', id: c.id, name: c.person } });
      const r = availabilityOf(starts, ends, today, Number(a.expiry_warning_days));
      await repos.availability.write(a.id, {
        availability: r.availability,
        availability_date: r.date,
        availability_reason: r.reason ? JSON.stringify(r.reason) : null,
      });
    }
  }
}
