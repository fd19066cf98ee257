// bench/seed: a year of downloads of the seeded brand, counted through the server's own
// countDownloads (downloads.counts.ts), so download_counts and the dashboard's counters beside it
// (download_days, folder_asset_totals, user_activity_days) are what a live database would hold.
import type { Db } from '../../apps/server/src/db/index.js';
import { countDownloads } from '../../apps/server/src/modules/stats/downloads.counts.js';
import type { DownloadKind } from '../../apps/server/src/modules/stats/downloads.counts.js';
import { makeRepos } from '../../apps/server/src/repos.js';

export interface DownloadSeed {
  brandId: number;
  /** The brand's asset ids, lowest first (the seed's ids are consecutive). */
  firstAssetId: number;
  assets: number;
  /** Who downloads, the busiest first. */
  people: number[];
  /** Download events over `days` days ending today. */
  events: number;
  days: number;
  rand: () => number;
  report?: (done: number) => void;
}

/** A picker over `n` ranks, rank r weighted 1/(r+1)^s (cumulative weights, binary search). */
function zipfRank(n: number, s: number, rand: () => number) {
  const cum = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) cum[i] = total += 1 / (i + 1) ** s;
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const KINDS: [DownloadKind, number][] = [
  ['original', 0.7],
  ['zip', 0.2],
  ['crop', 0.07],
  ['pdf', 0.03],
];
/** Share of downloads through a share link (nobody signed in), counted against link 1. */
const VIA_LINK = 0.1;

/**
 * `events` downloads spread over the days (weekdays twice as busy as weekends), of assets picked
 * by popularity (Zipf 0.9 over a shuffled order, so popular assets are anywhere in the tree), by
 * people picked by activity (Zipf 1.0). One transaction a day; one countDownloads call per kind,
 * link and person of the day, as a zip counts its members.
 */
export async function seedDownloads(db: Db, o: DownloadSeed): Promise<{ events: number; rows: number }> {
  const { rand } = o;
  const order = new Int32Array(o.assets);
  for (let i = 0; i < o.assets; i++) order[i] = o.firstAssetId + i;
  for (let i = o.assets - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const asset = zipfRank(o.assets, 0.9, rand);
  const person = zipfRank(o.people.length, 1.0, rand);
  const kind = () => {
    let x = rand();
    for (const [k, share] of KINDS) if ((x -= share) < 0) return k;
    return 'original';
  };
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const weights = Array.from({ length: o.days }, (_, d) => {
    const wd = new Date(today - d * 86_400_000).getUTCDay();
    return wd === 0 || wd === 6 ? 1 : 2;
  });
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let done = 0;
  for (let d = 0; d < o.days; d++) {
    const n = Math.round((o.events * weights[d]!) / weightSum);
    const at = new Date(today - d * 86_400_000 + 12 * 3_600_000);
    const groups = new Map<string, { kind: DownloadKind; link: number | null; user: number | null; ids: number[] }>();
    for (let e = 0; e < n; e++) {
      const viaLink = rand() < VIA_LINK;
      const k = kind();
      const user = viaLink ? null : o.people[person()]!;
      const key = `${k}|${viaLink ? 1 : 0}|${user ?? ''}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { kind: k, link: viaLink ? 1 : null, user, ids: [] }));
      g.ids.push(order[asset()]!);
    }
    await db.transaction().execute(async (trx) => {
      for (const g of groups.values())
        await countDownloads(
          { db: trx, repos: makeRepos(trx) },
          g.ids.map((id) => ({ id, brand_id: o.brandId })),
          g.kind,
          at,
          g.link,
          g.user,
        );
    });
    done += n;
    o.report?.(done);
  }
  const rows = await db
    .selectFrom('download_counts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('brand_id', '=', o.brandId)
    .executeTakeFirstOrThrow();
  return { events: done, rows: Number(rows.n) };
}
