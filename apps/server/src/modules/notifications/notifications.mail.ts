import type { Lang, NotificationKind } from '@brandvault/contract';
import { MAIL_KIND_OF } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import { mails } from '../../mail/templates.js';
import { viewersOf } from './notifications.fanout.js';
import type { NotificationsTx } from './notifications.fanout.js';
import type { NotificationsRepo } from './notifications.repo.js';
import { excerptOf } from './notifications.view.js';
import type { BrandsRepo } from '../brands/brands.repo.js';
import { mailFaceOfBrands } from '../brands/brands.mailFace.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';

/** Due notifications looked at per run; a longer queue is taken up by the next run. */
const RUN_LIMIT = 2000;
const asLang = (v: string): Lang => (v === 'es' ? 'es' : 'en');

/**
 * Sends the batched notification mail that is due: for each user and asset whose window has
 * passed, one message listing every unread, unmailed notification of it (the later ones of the
 * window included), in the user's language, then marks them mailed in the same transaction as
 * the queued message. A notification whose kind the user no longer wants by mail, or about an
 * asset they no longer see, or of an account that cannot sign in, is dropped from mail. Returns
 * how many messages were queued. `job`: its repositories for reads, its `tx` for each message.
 */
export async function mailDueNotifications(
  job: { repos: { notifications: NotificationsRepo; brands: Pick<BrandsRepo, 'summaryById'> }; tx: NotificationsTx },
  clock: Clock,
  appUrl: string,
  media: MediaUrl = () => null,
): Promise<number> {
  const repo = job.repos.notifications;
  const now = iso(clock.now());
  const due = await repo.dueForMail(now, RUN_LIMIT);
  const groups = new Map<string, { userId: number; assetId: number }>();
  const stray: number[] = [];
  for (const n of due) {
    if (n.asset_id === null) stray.push(n.id);
    else groups.set(`${n.user_id}:${n.asset_id}`, { userId: n.user_id, assetId: n.asset_id });
  }
  await repo.dropMail(stray);
  const userIds = [...new Set([...groups.values()].map((g) => g.userId))];
  const assetIds = [...new Set([...groups.values()].map((g) => g.assetId))];
  const [users, assets, settings] = await Promise.all([
    repo.mailedUsers(userIds),
    repo.assetNames(assetIds),
    repo.mailSettings(userIds),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const assetName = new Map(assets.map((a) => [a.id, a.name]));
  const assetBrand = new Map(assets.map((a) => [a.id, a.brand_id]));
  const seeing = new Map<number, Set<number>>();
  for (const assetId of assetIds)
    seeing.set(
      assetId,
      await viewersOf(
        repo,
        assetId,
        [...groups.values()].filter((g) => g.assetId === assetId).map((g) => g.userId),
      ),
    );

  let sent = 0;
  for (const { userId, assetId } of groups.values()) {
    const rows = await repo.pendingMail(userId, assetId);
    const user = userById.get(userId);
    const wanted = rows.filter(
      (r) => settings.get(userId)?.[MAIL_KIND_OF[r.kind as keyof typeof MAIL_KIND_OF]] !== false,
    );
    const name = assetName.get(assetId);
    if (!user || !name || !seeing.get(assetId)?.has(userId) || !wanted.length) {
      await repo.dropMail(rows.map((r) => r.id));
      continue;
    }
    await repo.dropMail(rows.filter((r) => !wanted.includes(r)).map((r) => r.id));
    const [actors, bodies] = await Promise.all([
      repo.mailedUsers([...new Set(wanted.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])))]),
      repo.commentBodies(wanted.flatMap((r) => (r.comment_id === null ? [] : [r.comment_id]))),
    ]);
    const actorName = new Map(actors.map((a) => [a.id, `${a.first_name} ${a.last_name}`]));
    const body = new Map(bodies.map((b) => [b.id, b.body]));
    const items = wanted.map((r) => ({
      kind: r.kind as NotificationKind,
      actor: (r.actor_id !== null && actorName.get(r.actor_id)) || null,
      excerpt: r.comment_id !== null && body.has(r.comment_id) ? excerptOf(body.get(r.comment_id)!) : null,
    }));
    const face = await mailFaceOfBrands(job.repos.brands, [assetBrand.get(assetId)!], media, appUrl);
    const message = mails.notificationDigest(
      asLang(user.lang),
      user,
      name,
      items,
      `${appUrl}/brand/asset/${assetId}`,
      face,
    );
    const queued = await job.tx(async (t) => {
      const marked = await t.repos.notifications.markMailed(
        wanted.map((r) => r.id),
        now,
      );
      return marked > 0 && (await t.mail(message)) !== null;
    });
    if (queued) sent += 1;
  }
  return sent;
}
