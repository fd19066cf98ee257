import type { NotificationSettings } from '@brandvault/contract';
import { NOTIFICATION_HEARTBEAT_SECONDS, NOTIFICATION_MAIL_KINDS } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { EventStream, eventStreamAnswer } from '../../lib/eventStream.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor } from '../../access/principal.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import { changesOf } from '../audit/audit.trail.js';
import { sharedLinkPath } from '../shareLinks/path/sharedLinkPath.js';
import type { NotificationBroker } from './notifications.broker.js';
import type { NotificationListRow } from './notifications.repo.js';
import { eventFrame, notificationItem } from './notifications.view.js';
import type { SeenAsset } from './notifications.view.js';

/** How often open streams look for their session having ended in another process. */
const SESSION_CHECK_MS = 1000;
/** Notifications a stream sends per read when it catches up. */
const CATCH_UP = 100;

export function notificationsService(deps: Deps, broker: NotificationBroker) {
  const { repos, clock, appKey, config, log } = deps;
  const now = () => iso(clock.now());
  /** Open streams, whose, and of which session. */
  const streams = new Map<EventStream, { userId: number; tokenId: number }>();
  let sessionTimer: NodeJS.Timeout | null = null;

  /**
   * While streams are open, looks every SESSION_CHECK_MS for sessions that ended in any process
   * (signed out, revoked) and ends their streams: one primary-key query for all of them.
   */
  function watchSessions() {
    if (sessionTimer || !streams.size) return;
    sessionTimer = setTimeout(() => {
      sessionTimer = null;
      const ids = [...new Set([...streams.values()].map((s) => s.tokenId))];
      void repos.auth
        .liveTokenIds(ids)
        .then((live) => {
          for (const [s, { tokenId }] of streams) if (!live.has(tokenId)) s.end();
        })
        .catch((err: unknown) => log.warn({ err }, 'notification stream: session check failed'))
        .finally(watchSessions);
    }, SESSION_CHECK_MS);
    sessionTimer.unref();
  }

  /** The assets of these rows the actor still sees, as the list shows them (one query). */
  async function seenAssets(actor: Actor, rows: NotificationListRow[]) {
    const ids = [...new Set(rows.flatMap((r) => (r.asset_id === null ? [] : [r.asset_id])))];
    const out = new Map<number, SeenAsset>();
    if (!ids.length) return out;
    for (const a of await repos.access.assets(ids, actor.user.id))
      if (assetsPolicy.can(actor, 'view', a)) out.set(a.id, { id: a.id, name: a.name, brand_id: a.brand_id });
    return out;
  }
  const pathOf = (r: NotificationListRow) => {
    if (r.token_enc === null || r.collection_id === null || r.audience === null) return null;
    const at = now();
    if (r.share_revoked_at !== null || (r.share_expires_at !== null && r.share_expires_at <= at)) return null;
    return sharedLinkPath(appKey, { collection_id: r.collection_id, token_enc: r.token_enc, audience: r.audience });
  };
  async function items(actor: Actor, rows: NotificationListRow[]) {
    const assets = await seenAssets(actor, rows);
    return rows.map((r) => notificationItem(r, assets, pathOf));
  }

  async function settingsOf(userId: number): Promise<NotificationSettings> {
    return { email: (await repos.notifications.mailSettings([userId])).get(userId)! };
  }

  return {
    broker,

    async list(
      { actor }: RequestContext,
      q: { page: number; per_page: number; unread?: 'true' | 'false' | undefined },
    ) {
      const userId = actor.user.id;
      const [page, unread] = await Promise.all([
        repos.notifications.page(userId, q.unread === 'true', q.page, q.per_page),
        repos.notifications.unread(userId),
      ]);
      return {
        items: await items(actor, page.items),
        total: page.total,
        page: q.page,
        per_page: q.per_page,
        unread,
      };
    },

    async unread({ actor }: RequestContext) {
      return { unread: await repos.notifications.unread(actor.user.id) };
    },

    /** Only one's own: anyone else's answers 404, as one that does not exist. */
    async read({ actor }: RequestContext, id: number) {
      const userId = actor.user.id;
      if (!(await repos.notifications.ownedBy(id, userId))) throw new AppError('NOT_FOUND');
      await repos.notifications.markRead(userId, now(), id);
      return { unread: await repos.notifications.unread(userId) };
    },

    async readAll({ actor }: RequestContext) {
      await repos.notifications.markRead(actor.user.id, now());
      return { unread: 0 };
    },

    settings: ({ actor }: RequestContext) => settingsOf(actor.user.id),

    async updateSettings(ctx: RequestContext, body: NotificationSettings) {
      const { user } = ctx.actor;
      const before = (await settingsOf(user.id)).email;
      await deps.change(ctx, async (u) => {
        await u.repos.notifications.saveMailSettings(user.id, body.email);
        await u.audit({
          event: 'notification.settings',
          target: { type: 'user', id: user.id, label: `${user.first_name} ${user.last_name}` },
          changes: changesOf(before, body.email, NOTIFICATION_MAIL_KINDS),
          info: { ...body.email },
        });
      });
      return settingsOf(user.id);
    },

    /**
     * The caller's live notifications as server-sent events: first those after `lastId` (the
     * client's Last-Event-ID), then each new one as it is stored, in any process; a comment line
     * every NOTIFICATION_HEARTBEAT_SECONDS keeps proxies from closing it. It ends after
     * config.notificationStreamMs (the client reconnects with Last-Event-ID and misses nothing).
     */
    async stream({ actor, requestId }: RequestContext, lastId: number | null) {
      const userId = actor.user.id;
      const out = new EventStream();
      let sent = lastId ?? 0;
      let busy: Promise<void> | null = null;
      let again = false;
      /** Sends what is newer than the last one sent; one read at a time, again if woken meanwhile. */
      const catchUp = (): Promise<void> => {
        if (busy) {
          again = true;
          return busy;
        }
        busy = (async () => {
          try {
            do {
              again = false;
              const rows = await repos.notifications.after(userId, sent, CATCH_UP);
              if (!rows.length || out.closed) break;
              const [list, unread] = await Promise.all([items(actor, rows), repos.notifications.unread(userId)]);
              for (const n of list) out.push(eventFrame(n.id, { notification: n, unread }));
              sent = rows.at(-1)!.id;
              if (rows.length === CATCH_UP) again = true;
            } while (again && !out.closed);
          } catch (err) {
            log.warn({ err, userId, reqId: requestId }, 'notification stream: reading failed');
          } finally {
            busy = null;
          }
        })();
        return busy;
      };

      let ready = false;
      let woken = false;
      const unsubscribe = await broker.subscribe(userId, () => (ready ? void catchUp() : (woken = true)));
      // Subscribed first, then the starting point: nothing committed in between is lost.
      try {
        if (lastId === null) sent = await repos.notifications.latestOf(userId);
      } catch (err) {
        // The database went away meanwhile: the client's EventSource comes back in 3 s.
        unsubscribe();
        throw err;
      }
      ready = true;
      out.push(`retry: 3000\n: connected\n\n`);
      const heartbeat = setInterval(() => out.push(': ping\n\n'), NOTIFICATION_HEARTBEAT_SECONDS * 1000);
      const lifetime = setTimeout(() => out.end(), config.notificationStreamMs);
      heartbeat.unref();
      lifetime.unref();
      streams.set(out, { userId, tokenId: actor.tokenId });
      watchSessions();
      out.onClose(() => {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        streams.delete(out);
      });
      if (lastId !== null || woken) await catchUp();
      return eventStreamAnswer(out);
    },

    /** Ends every open stream (the app closes): their connections can then close. */
    closeStreams() {
      for (const s of streams.keys()) s.end();
      if (sessionTimer) clearTimeout(sessionTimer);
      sessionTimer = null;
      broker.close();
    },

    /** The session signed out in this process: its streams end now (others' within SESSION_CHECK_MS). */
    endSession(tokenId: number) {
      for (const [s, v] of streams) if (v.tokenId === tokenId) s.end();
    },

    /** Open streams in this process, or of one user (tests, diagnostics). */
    openStreams(userId?: number) {
      return userId === undefined ? streams.size : [...streams.values()].filter((s) => s.userId === userId).length;
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;

declare module '../../deps/services.js' {
  interface Services {
    notifications: ReturnType<typeof notificationsService>;
  }
}
