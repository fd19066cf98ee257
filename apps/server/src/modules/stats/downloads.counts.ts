import type { DOWNLOAD_KINDS } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import type { AnyContext } from '../../lib/requestContext.js';
import type { Repos } from '../../deps/repos.js';
import type { Tx, Unit } from '../../unitOfWork/unitOfWork.js';
import type { AuditEvent } from '../audit/audit.trail.js';

export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/**
 * Counts one download of an asset (§5: per asset, per day, per kind and per share link), in the
 * transaction that records it in the audit log; `userId`: who downloaded it (null: nobody signed
 * in, through a link).
 */
export const countDownload = (
  t: Tx<Pick<Repos, 'downloads' | 'stats'>>,
  a: { id: number; brand_id: number },
  kind: DownloadKind,
  at: Date,
  linkId: number | null = null,
  userId: number | null = null,
) => countDownloads(t, [a], kind, at, linkId, userId);

/**
 * Counts one download of each of these assets (a zip's members), in one statement per thousand,
 * and the dashboard's counters beside them (stats.repo `addDownloads`).
 */
export async function countDownloads(
  t: Tx<Pick<Repos, 'downloads' | 'stats'>>,
  assets: { id: number; brand_id: number }[],
  kind: DownloadKind,
  at: Date,
  linkId: number | null = null,
  userId: number | null = null,
) {
  const day = iso(at).slice(0, 10);
  const per = new Map<number, { asset_id: number; brand_id: number; count: number }>();
  for (const a of assets) {
    const prev = per.get(a.id);
    if (prev) prev.count += 1;
    else per.set(a.id, { asset_id: a.id, brand_id: a.brand_id, count: 1 });
  }
  if (!per.size) return;
  await t.repos.downloads.count([...per.values()], day, kind, linkId ?? 0);
  await t.repos.stats.addDownloads(
    new Map([...per.values()].map((r) => [r.asset_id, r.count])),
    day,
    kind,
    (linkId ?? 0) !== 0,
    userId,
  );
}

/**
 * A download, recorded in the change's transaction: its audit entry, the counts of each asset
 * (and of the share link it came through).
 */
export async function recordDownload(
  u: Unit<Pick<Repos, 'downloads' | 'shareLinks' | 'stats'>>,
  d: {
    assets: { id: number; brand_id: number }[];
    kind: DownloadKind;
    at: Date;
    /** The share link it came through, if any. */
    linkId?: number | null;
    /** Who downloaded it (null: nobody signed in, through a link). */
    userId: number | null;
    audit: AuditEvent;
    /** The context the entry is written with, when it is not the change's (a download link's user). */
    ctx?: AnyContext;
  },
) {
  const linkId = d.linkId ?? null;
  await u.audit(d.audit, d.ctx);
  if (linkId !== null) await u.repos.shareLinks.countDownload(linkId);
  await countDownloads(u, d.assets, d.kind, d.at, linkId, d.userId);
}
