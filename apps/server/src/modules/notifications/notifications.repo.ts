import type { NotificationKind, NotificationMailKind } from '@brandvault/contract';
import { NOTIFICATION_MAIL_KINDS } from '@brandvault/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { NotificationsTable } from '../../db/schema.js';
import { paged } from '../../db/paged.js';

/** The permissions assetsPolicy asks about when it decides whether someone sees an asset. */
export const SIGHT_PERMISSIONS = ['content.private', 'asset.delete', 'brand.manage', 'asset.approve'] as const;

export type MailSettings = Record<NotificationMailKind, boolean>;
const ALL_ON: MailSettings = { mention: true, reply: true, upload_comment: true, share: true };

export function notificationsRepo(db: Db) {
  /** A notification with what its list item shows (names, the comment, the share's collection). */
  const listed = () =>
    db
      .selectFrom('notifications as n')
      .leftJoin('users as a', 'a.id', 'n.actor_id')
      .leftJoin('comments as c', 'c.id', 'n.comment_id')
      .leftJoin('share_links as s', 's.id', 'n.share_link_id')
      .leftJoin('collections as col', 'col.id', 's.collection_id')
      .leftJoin('downloads as d', 'd.id', 'n.download_id')
      .select([
        'n.id',
        'n.user_id',
        'n.kind',
        'n.actor_id',
        'n.asset_id',
        'n.comment_id',
        'n.share_link_id',
        'n.read_at',
        'n.created_at',
        'a.first_name as actor_first',
        'a.last_name as actor_last',
        'c.body as comment_body',
        's.collection_id',
        's.token_enc',
        's.audience',
        's.message as share_message',
        's.expires_at as share_expires_at',
        's.revoked_at as share_revoked_at',
        'col.name as collection_name',
        'd.name as download_name',
        'n.detail',
      ]);

  /** Whether each permission is held, through a role or directly, as a 0/1 (or boolean) column. */
  const holds = (permission: string) =>
    db
      .selectFrom('user_roles as ur')
      .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .select('ur.user_id')
      .where('p.name', '=', permission)
      .union(
        db
          .selectFrom('user_permissions as up')
          .innerJoin('permissions as p', 'p.id', 'up.permission_id')
          .select('up.user_id')
          .where('p.name', '=', permission),
      );

  return {
    /**
     * For one asset and a set of users, in one statement: each user as assetsPolicy needs them
     * (status, admin role, the permissions it asks about, membership of the asset's brand) beside
     * the asset's access row.
     */
    async sightOfAsset(assetId: number, userIds: number[]) {
      if (!userIds.length) return [];
      const rows = await db
        .selectFrom('users')
        .innerJoin('assets', (j) => j.on('assets.id', '=', assetId))
        .innerJoin('folders', 'folders.id', 'assets.folder_id')
        .innerJoin('brands', 'brands.id', 'assets.brand_id')
        .leftJoin('user_brands', (j) =>
          j.onRef('user_brands.brand_id', '=', 'assets.brand_id').onRef('user_brands.user_id', '=', 'users.id'),
        )
        .selectAll('users')
        .select((eb) => [
          'assets.visibility as asset_visibility',
          'assets.status as asset_status',
          'assets.availability as asset_availability',
          'assets.review_state as asset_review_state',
          'assets.created_by as asset_created_by',
          'folders.private_path as asset_private_path',
          'folders.status as asset_folder_status',
          'brands.status as asset_brand_status',
          'user_brands.user_id as asset_member_id',
          eb
            .exists(
              eb
                .selectFrom('user_roles as ur')
                .innerJoin('roles as r', 'r.id', 'ur.role_id')
                .select('ur.user_id')
                .whereRef('ur.user_id', '=', 'users.id')
                .where('r.name', '=', 'admin'),
            )
            .as('is_admin'),
          ...SIGHT_PERMISSIONS.map((p) => eb('users.id', 'in', holds(p)).as(`perm_${p.replace('.', '_')}`)),
        ])
        .where('users.id', 'in', userIds)
        .execute();
      return rows.map((r) => {
        const extra = r as unknown as Record<string, unknown>;
        return {
          row: r,
          admin: Boolean(Number(extra.is_admin)),
          permissions: SIGHT_PERMISSIONS.filter((p) => Boolean(Number(extra[`perm_${p.replace('.', '_')}`]))),
        };
      });
    },

    comment: (id: number) =>
      db
        .selectFrom('comments')
        .select(['id', 'asset_id', 'parent_id', 'user_id', 'body'])
        .where('id', '=', id)
        .executeTakeFirst(),
    /** Who a comment names: 'mention' (in its text) and 'notify' (users to notify). */
    people: (commentId: number) =>
      db.selectFrom('comment_people').select(['user_id', 'kind']).where('comment_id', '=', commentId).execute(),
    /** The authors of a thread before `beforeId`: its top comment's and earlier replies'. */
    async threadAuthors(topId: number, beforeId: number) {
      const rows = await db
        .selectFrom('comments')
        .select('user_id')
        .distinct()
        .where((eb) => eb.or([eb('id', '=', topId), eb('parent_id', '=', topId)]))
        .where('id', '<', beforeId)
        .where('user_id', 'is not', null)
        .execute();
      return rows.map((r) => r.user_id!);
    },
    uploaderOf: async (assetId: number) =>
      (await db.selectFrom('assets').select('created_by').where('id', '=', assetId).executeTakeFirst())?.created_by ??
      null,
    shareLink: (id: number) =>
      db.selectFrom('share_links').select(['id', 'owner_id']).where('id', '=', id).executeTakeFirst(),
    activeUsers: async (ids: number[]) =>
      ids.length
        ? (
            await db.selectFrom('users').select('id').where('id', 'in', ids).where('status', '=', 'ACTIVE').execute()
          ).map((r) => r.id)
        : [],
    /** Recipients already told about this comment or link (a job run again after a crash). */
    async alreadyTold(ref: { comment_id: number } | { share_link_id: number }) {
      const q = db.selectFrom('notifications').select('user_id');
      const rows = await (
        'comment_id' in ref
          ? q.where('comment_id', '=', ref.comment_id)
          : q.where('share_link_id', '=', ref.share_link_id)
      ).execute();
      return new Set(rows.map((r) => r.user_id));
    },

    /** Each user's e-mail settings (no row: everything on). */
    async mailSettings(userIds: number[]): Promise<Map<number, MailSettings>> {
      const out = new Map(userIds.map((id) => [id, { ...ALL_ON }]));
      if (!userIds.length) return out;
      const rows = await db.selectFrom('notification_settings').selectAll().where('user_id', 'in', userIds).execute();
      for (const r of rows)
        out.set(r.user_id, Object.fromEntries(NOTIFICATION_MAIL_KINDS.map((k) => [k, r[k] === 1])) as MailSettings);
      return out;
    },
    async saveMailSettings(userId: number, s: MailSettings) {
      const values = Object.fromEntries(NOTIFICATION_MAIL_KINDS.map((k) => [k, s[k] ? 1 : 0])) as Record<
        NotificationMailKind,
        number
      >;
      await db
        .insertInto('notification_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /**
     * When each user's pending mail about an asset is due: the earliest `mail_after` of their
     * unmailed, unread notifications of it (a later one joins that batch).
     */
    async pendingMailAfter(assetId: number, userIds: number[]) {
      const out = new Map<number, string>();
      if (!userIds.length) return out;
      const rows = await db
        .selectFrom('notifications')
        .select(['user_id', (eb) => eb.fn.min('mail_after').as('due')])
        .where('asset_id', '=', assetId)
        .where('user_id', 'in', userIds)
        .where('mail_after', 'is not', null)
        .where('mailed_at', 'is', null)
        .where('read_at', 'is', null)
        .groupBy('user_id')
        .execute();
      for (const r of rows) if (r.due) out.set(r.user_id, r.due);
      return out;
    },
    /** Of `userIds`, those with an unread notification of this kind from this actor. */
    async unreadOfKindFrom(kind: NotificationKind, actorId: number, userIds: readonly number[]) {
      if (!userIds.length) return new Set<number>();
      const rows = await db
        .selectFrom('notifications')
        .select('user_id')
        .distinct()
        .where('kind', '=', kind)
        .where('actor_id', '=', actorId)
        .where('read_at', 'is', null)
        .where('user_id', 'in', userIds)
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },
    async insert(rows: Insertable<NotificationsTable>[]) {
      if (!rows.length) return [];
      return db.insertInto('notifications').values(rows).returning(['id', 'user_id']).execute();
    },

    page(userId: number, unread: boolean, page: number, perPage: number) {
      let q = listed().where('n.user_id', '=', userId);
      if (unread) q = q.where('n.read_at', 'is', null);
      return paged(q.clearSelect(), () => q.orderBy('n.id', 'desc'), page, perPage);
    },
    /** The user's notifications after `afterId`, oldest first (a stream's catch-up). */
    after: (userId: number, afterId: number, limit: number) =>
      listed().where('n.user_id', '=', userId).where('n.id', '>', afterId).orderBy('n.id').limit(limit).execute(),
    latestOf: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('notifications')
            .select((eb) => eb.fn.max('id').as('id'))
            .where('user_id', '=', userId)
            .executeTakeFirst()
        )?.id ?? 0,
      ),
    unread: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('read_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ownedBy: (id: number, userId: number) =>
      db
        .selectFrom('notifications')
        .select(['id', 'read_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    /** Read marks; a read notification is never mailed. */
    async markRead(userId: number, at: string, id?: number) {
      let q = db
        .updateTable('notifications')
        .set({ read_at: at, mail_after: null })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (id !== undefined) q = q.where('id', '=', id);
      await q.execute();
    },

    /** The newest notification id of all (a poller's starting point). */
    latest: async () =>
      Number(
        (
          await db
            .selectFrom('notifications')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      ),
    /** Notifications after `afterId`, and the ids in `also` (gaps a poller looks at again). */
    since: (afterId: number, also: number[], limit: number) =>
      db
        .selectFrom('notifications')
        .select(['id', 'user_id'])
        .where((eb) => (also.length ? eb.or([eb('id', '>', afterId), eb('id', 'in', also)]) : eb('id', '>', afterId)))
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Notifications whose mail is due: not read, not mailed, `mail_after` passed. */
    dueForMail: (now: string, limit: number) =>
      db
        .selectFrom('notifications')
        .select(['id', 'user_id', 'kind', 'actor_id', 'asset_id', 'comment_id'])
        .where('mail_after', 'is not', null)
        .where('mail_after', '<=', now)
        .where('mailed_at', 'is', null)
        .where('read_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** Every notification of a user about an asset still waiting for its mail, due or not. */
    pendingMail: (userId: number, assetId: number) =>
      db
        .selectFrom('notifications')
        .select(['id', 'user_id', 'kind', 'actor_id', 'asset_id', 'comment_id'])
        .where('user_id', '=', userId)
        .where('asset_id', '=', assetId)
        .where('mail_after', 'is not', null)
        .where('mailed_at', 'is', null)
        .where('read_at', 'is', null)
        .orderBy('id')
        .execute(),
    mailedUsers: (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('users')
            .select(['id', 'first_name', 'last_name', 'email', 'lang', 'status'])
            .where('id', 'in', ids)
            .execute()
        : Promise.resolve([]),
    assetNames: (ids: number[]) =>
      ids.length
        ? db.selectFrom('assets').select(['id', 'name', 'brand_id']).where('id', 'in', ids).execute()
        : Promise.resolve([]),
    commentBodies: (ids: number[]) =>
      ids.length
        ? db.selectFrom('comments').select(['id', 'body']).where('id', 'in', ids).execute()
        : Promise.resolve([]),
    /** Marks them mailed; returns how many were not already (another run may have taken them). */
    async markMailed(ids: number[], at: string) {
      if (!ids.length) return 0;
      const r = await db
        .updateTable('notifications')
        .set({ mailed_at: at })
        .where('id', 'in', ids)
        .where('mailed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    /** No mail for these after all (the setting turned off, the asset out of sight). */
    async dropMail(ids: number[]) {
      if (ids.length) await db.updateTable('notifications').set({ mail_after: null }).where('id', 'in', ids).execute();
    },
  };
}
export type NotificationsRepo = ReturnType<typeof notificationsRepo>;
export type NotificationListRow = Awaited<ReturnType<NotificationsRepo['after']>>[number];
export type { NotificationKind };

declare module '../../deps/repos.js' {
  interface Repos {
    notifications: ReturnType<typeof notificationsRepo>;
  }
}
