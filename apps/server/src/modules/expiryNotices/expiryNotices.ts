import type { AssetAvailability } from '../../db/schema.js';
import type { Repos } from '../../deps/repos.js';
import { iso } from '../../lib/clock.js';
import type { RunTx } from '../../unitOfWork/unitOfWork.js';
import { asLang } from '../../mail/templates.js';
import { rightsMails } from '../../mail/rightsMails.js';
import type { ExpiryItem } from '../../mail/rightsMails.js';
import { viewersOf } from '../notifications/notifications.fanout.js';
import { addDays, daysBetween } from '../availability/availability.rule.js';
import { mailFaceOfBrands } from '../brands/brands.mailFace.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';

/** Days before the end of an asset's rights its owners and rights managers hear of it (0: once ended). */
export const EXPIRY_THRESHOLDS = [30, 7, 1] as const;
/** An asset that expired longer ago than this (the worker was down) gets no "expired" notice any more. */
export const EXPIRED_NOTICE_DAYS = 7;
/** Assets looked at per run: a longer list is taken up the next day. */
const RUN_LIMIT = 5000;
const PAGE = 500;

/** The searcher's address listing expiring and expired assets (the web's `avail` parameter). */
export const EXPIRY_SEARCH_PATH = '/brand?avail=expiring&avail=expired';

/**
 * Which notice an asset is due on `today`: 0 once expired, else the nearest threshold its last
 * day (`until`) is within (1 on its last day too); null when none is.
 */
export function noticeThreshold(availability: AssetAvailability, until: string, today: string): number | null {
  if (availability === 'expired') return 0;
  const left = daysBetween(today, until);
  if (left < 0) return null;
  for (const t of [...EXPIRY_THRESHOLDS].reverse()) if (left <= t) return t;
  return null;
}

type Job = {
  repos: Repos;
  tx: RunTx<Repos>;
  notificationPublished(userId: number, notificationId: number): void;
};

/**
 * The day's expiry notices: for every asset whose rights end within 30 days or ended lately, the
 * threshold it has reached, once per asset, threshold and end date. Its owner (`created_by`) and
 * its brand's rights managers who may still see it get a notification each and, per person, one
 * mail listing all their assets, in their language. Idempotent: a re-run finds the notices sent.
 */
export async function sendExpiryNotices(
  job: Job,
  today: string,
  now: Date,
  appUrl: string,
  media: MediaUrl = () => null,
) {
  const repo = job.repos.expiryNotices;
  const due: { asset: Awaited<ReturnType<typeof repo.candidates>>[number]; threshold: number }[] = [];
  for (let after = 0; due.length < RUN_LIMIT;) {
    const page = await repo.candidates(today, addDays(today, 30), addDays(today, -EXPIRED_NOTICE_DAYS), after, PAGE);
    if (!page.length) break;
    after = page[page.length - 1]!.id;
    const sent = await repo.sent(page.map((a) => a.id));
    for (const a of page) {
      const t = noticeThreshold(a.availability, a.availability_date!, today);
      if (t === null) continue;
      const told = sent.some((s) => s.asset_id === a.id && s.until === a.availability_date && s.threshold <= t);
      if (!told) due.push({ asset: a, threshold: t });
    }
    if (page.length < PAGE) break;
  }
  if (!due.length) return { notices: 0, mails: 0 };

  const managers = await repo.rightsManagersOf([...new Set(due.map((d) => d.asset.brand_id))]);
  const perUser = new Map<number, { assetId: number; brandId: number; item: ExpiryItem }[]>();
  for (const { asset } of due) {
    const wanted = [...(managers.get(asset.brand_id) ?? []), ...(asset.created_by !== null ? [asset.created_by] : [])];
    const seeing = await viewersOf(job.repos.notifications, asset.id, wanted);
    const state = asset.availability === 'expired' ? 'expired' : 'expiring';
    const item = {
      name: asset.name,
      state,
      until: asset.availability_date!,
      url: `${appUrl}/brand/asset/${asset.id}`,
    } as const;
    for (const u of seeing)
      perUser.set(u, [...(perUser.get(u) ?? []), { assetId: asset.id, brandId: asset.brand_id, item }]);
  }
  const people = new Map((await repo.people([...perUser.keys()])).map((p) => [p.id, p]));
  // A digest about one brand's assets wears that brand's face; about several, the product's.
  const faces = new Map<number, Awaited<ReturnType<typeof mailFaceOfBrands>>>();
  for (const [userId, list] of perUser)
    faces.set(
      userId,
      await mailFaceOfBrands(
        job.repos.brands,
        list.map((l) => l.brandId),
        media,
        appUrl,
      ),
    );
  const at = iso(now);
  const { stored, mails, notices } = await job.tx(async (t) => {
    const recorded = await t.repos.expiryNotices.record(
      due.map((d) => ({
        asset_id: d.asset.id,
        threshold: d.threshold,
        until: d.asset.availability_date!,
        sent_at: at,
      })),
    );
    // Only what this run recorded: a run at the same time (another worker) tells of the rest.
    const mine = [...perUser]
      .map(([userId, list]) => [userId, list.filter((l) => recorded.has(l.assetId))] as const)
      .filter(([, list]) => list.length > 0);
    const rows = mine.flatMap(([userId, list]) =>
      list.map(({ assetId, item }) => ({
        user_id: userId,
        kind: item.state,
        actor_id: null,
        asset_id: assetId,
        comment_id: null,
        share_link_id: null,
        detail: item.until,
        read_at: null,
        mail_after: null,
        mailed_at: null,
        created_at: at,
      })),
    );
    const stored = [];
    for (let i = 0; i < rows.length; i += 500)
      stored.push(...(await t.repos.notifications.insert(rows.slice(i, i + 500))));
    let mails = 0;
    for (const [userId, list] of mine) {
      const who = people.get(userId);
      if (!who) continue;
      const items = list.map((l) => l.item);
      await t.mail(
        rightsMails.expiryDigest(asLang(who.lang), who, items, `${appUrl}${EXPIRY_SEARCH_PATH}`, faces.get(userId)),
      );
      mails += 1;
    }
    return { stored, mails, notices: recorded.size };
  });
  for (const n of stored) job.notificationPublished(n.user_id, n.id);
  return { notices, mails };
}
