import type { Repos } from '../../deps/repos.js';
import { availabilityOf } from './availability.rule.js';
import type { AvailabilityWrite } from './availability.repo.js';
import type { Window } from './availability.rule.js';

export { addDays, availabilityOf, dayOf, daysBetween } from './availability.rule.js';
export type { Availability, AvailabilityReason } from './availability.rule.js';

/**
 * Computes `availability`, `availability_date` and `availability_reason` of these assets from
 * their own window, their licences and their consents as of `today` (YYYY-MM-DD, UTC), and
 * writes those that changed: three reads and one update per distinct outcome, however many
 * assets. Runs inside the caller's unit of work (`u.repos`); the search rows follow by trigger.
 * Answers the assets that have just expired, for the availability job's `asset.expired` events.
 */
export async function recomputeAvailability(
  repos: Repos,
  assetIds: number[],
  today: string,
): Promise<{ id: number; brand_id: number }[]> {
  const ids = [...new Set(assetIds)];
  if (!ids.length) return [];
  const expired: { id: number; brand_id: number }[] = [];
  const repo = repos.availability;
  const [assets, licences, consents] = await Promise.all([repo.assets(ids), repo.licences(ids), repo.consents(ids)]);
  const windows = new Map<number, Window[]>();
  const add = (assetId: number, w: Window) => {
    const list = windows.get(assetId);
    if (list) list.push(w);
    else windows.set(assetId, [w]);
  };
  for (const l of licences)
    add(l.asset_id, {
      reason: { kind: 'licence', id: l.id, name: l.name },
      from: l.valid_from,
      until: l.valid_until,
    });
  for (const c of consents)
    add(c.asset_id, { reason: { kind: 'consent', id: c.id, name: c.person }, from: null, until: c.valid_until });

  const writes = new Map<string, { value: AvailabilityWrite; ids: number[] }>();
  for (const a of assets) {
    const own: Window = { reason: { kind: 'asset' }, from: a.available_from, until: a.available_until };
    const r = availabilityOf([own, ...(windows.get(a.id) ?? [])], today, a.expiry_warning_days);
    const value: AvailabilityWrite = {
      availability: r.availability,
      availability_date: r.date,
      availability_reason: r.reason ? JSON.stringify(r.reason) : null,
    };
    if (
      value.availability === a.availability &&
      value.availability_date === a.availability_date &&
      value.availability_reason === a.availability_reason
    )
      continue;
    if (value.availability !== a.availability && value.availability === 'expired')
      expired.push({ id: a.id, brand_id: a.brand_id });
    const key = JSON.stringify(value);
    const group = writes.get(key);
    if (group) group.ids.push(a.id);
    else writes.set(key, { value, ids: [a.id] });
  }
  // Every row first, then the writes: each write's triggers move the brand's generation, and an
  // edit of one of these assets takes its row and then the generation, so taking a row after a
  // generation would deadlock against it (PostgreSQL).
  const written = [...writes.values()].flatMap((w) => w.ids);
  if (written.length > 1) await repo.lockRows(written);
  // Kept search answers go by trigger: the card columns (dates too) move the brand's generation.
  for (const { value, ids: group } of writes.values()) await repo.write(group, value);
  return expired;
}
