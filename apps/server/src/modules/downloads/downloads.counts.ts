import { DOWNLOAD_KINDS } from '@brandvault/contract';
import type { z } from 'zod';
import type { AssetStats as AssetStatsSchema } from '@brandvault/contract';
import type { Db } from '../../db/index.js';
import { iso } from '../../lib/clock.js';
import { downloadsRepo } from './downloads.repo.js';

export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/**
 * Counts one download of an asset (§5: per asset, per day, per kind and per share link), in the
 * transaction that records it in the audit log.
 */
export const countDownload = (
  trx: Db,
  a: { id: number; brand_id: number },
  kind: DownloadKind,
  at: Date,
  linkId: number | null = null,
) => downloadsRepo(trx).count([{ asset_id: a.id, brand_id: a.brand_id }], iso(at).slice(0, 10), kind, linkId ?? 0);

/** Counts one download of each of these assets (a zip's members), in one statement per thousand. */
export const countDownloads = (
  trx: Db,
  assets: { id: number; brand_id: number }[],
  kind: DownloadKind,
  at: Date,
  linkId: number | null = null,
) =>
  downloadsRepo(trx).count(
    assets.map((a) => ({ asset_id: a.id, brand_id: a.brand_id })),
    iso(at).slice(0, 10),
    kind,
    linkId ?? 0,
  );

/** The dashboard's figures from a brand's counted downloads (DownloadsRepo.brandStats). */
export function downloadStats(dl: {
  days: { day: string; kind: string; link: boolean; n: number }[];
  top: { id: number; name: string; count: number }[];
}): z.infer<typeof AssetStatsSchema>['downloads'] {
  const byKind = Object.fromEntries(DOWNLOAD_KINDS.map((k) => [k, 0])) as Record<DownloadKind, number>;
  const byDay = new Map<string, number>();
  let total = 0;
  let viaLinks = 0;
  for (const r of dl.days) {
    total += r.n;
    if (r.link) viaLinks += r.n;
    byKind[r.kind as DownloadKind] = (byKind[r.kind as DownloadKind] ?? 0) + r.n;
    byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.n);
  }
  const by_day = [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count }));
  return { total, by_kind: byKind, via_links: viaLinks, by_day, top: dl.top };
}
