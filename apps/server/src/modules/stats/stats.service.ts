import { DOWNLOAD_KINDS, STATS_TOP } from '@brandvault/contract';
import type { AssetStats, AssetStatsBody } from '@brandvault/contract';
import type { z } from 'zod';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor } from '../../access/principal.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { everyDay, periodDays } from './stats.days.js';
import { statsPolicy } from './stats.policy.js';
import type { Sight } from '../access/privacy.js';

type Kind = (typeof DOWNLOAD_KINDS)[number];

/**
 * The dashboard's figures (§2 dashboard, §7 `PUT ops/asset/statistics`), all from counters kept
 * as things happen (stats.repo), over the brands the caller sees.
 */
export function statsService(deps: Pick<Deps, 'repos' | 'handle' | 'clock'>) {
  const repo = deps.repos.stats;
  const windows = deps.repos.statsWindows;

  /**
   * The most downloaded assets of the period: from each brand's window when the period has one
   * and it is current, else summed from the period's count rows. Both answer the same.
   */
  async function mostDownloaded(ids: number[], sight: Sight, since: string, days: number) {
    const w = (await windows.state()).find((x) => x.days === days);
    if (w?.first_day !== since) return repo.named(await repo.topLive(ids, sight, since, STATS_TOP));
    const rows = (await Promise.all(ids.map((id) => windows.top(id, days, sight, STATS_TOP)))).flat();
    rows.sort((a, b) => b.count - a.count || b.asset_id - a.asset_id);
    return repo.named(rows.slice(0, STATS_TOP));
  }

  /** The brands a call covers: the one asked for (404 unless the caller sees it), else all theirs. */
  async function brandsOf(actor: Actor, brandId: number | undefined) {
    if (brandId !== undefined) {
      const b = await visibleBrand(deps.repos, actor, brandId);
      return [{ id: b.id, name: b.name }];
    }
    const rows = await deps.repos.brands.forUser(actor.user.id, statsPolicy.sight(actor).allBrands);
    return rows.map((b) => ({ id: b.id, name: b.name }));
  }

  return {
    brandsOf,
    mostDownloaded,

    async assets(ctx: RequestContext, body: z.output<typeof AssetStatsBody>): Promise<AssetStats> {
      const { actor } = ctx;
      const brands = await brandsOf(actor, body.brand_id);
      const ids = brands.map((b) => b.id);
      const sight = statsPolicy.sight(actor);
      const { withPrivate } = sight;
      const days = periodDays(deps.clock.now(), body.days);
      const since = days[0]!;
      const [totals, uploads, downloads, top, mine, rights] = await Promise.all([
        repo.totals(ids, sight),
        repo.uploads(ids, withPrivate, since),
        repo.downloads(ids, withPrivate, since),
        mostDownloaded(ids, sight, since, body.days),
        repo.mine(actor.user.id, ids, since),
        deps.repos.statsAvailability.counts(ids, withPrivate),
      ]);

      const perBrand = new Map(brands.map((b) => [b.id, { ...b, assets: 0, bytes: 0 }]));
      const byType: Record<string, number> = {};
      const bytesByType: Record<string, number> = {};
      for (const t of totals) {
        const b = perBrand.get(t.brand_id);
        if (b) {
          b.assets += t.assets;
          b.bytes += t.bytes;
        }
        byType[t.type] = (byType[t.type] ?? 0) + t.assets;
        bytesByType[t.type] = (bytesByType[t.type] ?? 0) + t.bytes;
      }
      const byKind = Object.fromEntries(DOWNLOAD_KINDS.map((k) => [k, 0])) as Record<Kind, number>;
      let viaLinks = 0;
      for (const d of downloads) {
        if (d.kind in byKind) byKind[d.kind as Kind] += d.count;
        if (d.link) viaLinks += d.count;
      }
      const uploadDays = everyDay(
        days,
        uploads,
        () => ({ count: 0, bytes: 0 }),
        (acc, r) => {
          acc.count += r.assets;
          acc.bytes += r.bytes;
        },
      );
      const downloadDays = everyDay(
        days,
        downloads,
        () => ({ count: 0 }),
        (acc, r) => void (acc.count += r.count),
      );
      const mineDays = everyDay(
        days,
        mine,
        () => ({ uploads: 0, downloads: 0 }),
        (acc, r) => {
          acc.uploads += r.uploads;
          acc.downloads += r.downloads;
        },
      );
      const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);
      const rightsBy = new Map<number, { id: number; expiring: number; expired: number }>();
      for (const r of rights) {
        const b = rightsBy.get(r.brand_id) ?? { id: r.brand_id, expiring: 0, expired: 0 };
        if (r.availability === 'expiring') b.expiring += r.n;
        else if (r.availability === 'expired') b.expired += r.n;
        rightsBy.set(r.brand_id, b);
      }
      return {
        brands: [...perBrand.values()],
        total: sum(totals, (t) => t.assets),
        bytes: sum(totals, (t) => t.bytes),
        by_type: byType,
        bytes_by_type: bytesByType,
        uploads: {
          total: sum(uploadDays, (d) => d.count),
          bytes: sum(uploadDays, (d) => d.bytes),
          by_day: uploadDays,
        },
        downloads: {
          total: sum(downloadDays, (d) => d.count),
          by_kind: byKind,
          via_links: viaLinks,
          by_day: downloadDays,
          top,
        },
        mine: {
          uploads: sum(mineDays, (d) => d.uploads),
          downloads: sum(mineDays, (d) => d.downloads),
          by_day: mineDays,
        },
        rights: {
          expiring: sum([...rightsBy.values()], (b) => b.expiring),
          expired: sum([...rightsBy.values()], (b) => b.expired),
          by_brand: [...rightsBy.values()].sort((a, b) => a.id - b.id),
        },
      };
    },
  };
}
export type StatsService = ReturnType<typeof statsService>;

declare module '../../deps/services.js' {
  interface Services {
    stats: ReturnType<typeof statsService>;
  }
}
