import { containsAny } from '../../db/like.js';
import type { Db } from '../../db/index.js';
import type { ShareLinkState } from '@brandvault/contract';

export type ShareLinkRow = {
  id: number;
  collection_id: number;
  owner_id: number;
  token_hash: string;
  token_enc: string;
  audience: string;
  password_hash: string | null;
  allow_download: number;
  /** 1: previews and image downloads carry the brand's watermark; traceable: downloads are traced. */
  watermark: number;
  traceable: number;
  message: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  views: number;
  downloads: number;
  created_at: string;
  updated_at: string;
};

/** A link with what its list row shows: the collection's name, the owner's and recipients' names. */
export type ShareLinkListRow = ShareLinkRow & {
  collection_name: string;
  owner_first: string;
  owner_last: string;
  shared_to: { id: number; name: string }[];
};

export function shareLinksRepo(db: Db) {
  const listed = () =>
    db
      .selectFrom('share_links')
      .innerJoin('collections', 'collections.id', 'share_links.collection_id')
      .innerJoin('users', 'users.id', 'share_links.owner_id');
  /** The state filter as SQL, by the clock's `now` (ISO strings order as times). */
  const inState = <Q extends ReturnType<typeof listed>>(q: Q, state: ShareLinkState | undefined, now: string): Q => {
    if (state === 'revoked') return q.where('share_links.revoked_at', 'is not', null) as Q;
    if (state === 'expired')
      return q
        .where('share_links.revoked_at', 'is', null)
        .where('share_links.expires_at', 'is not', null)
        .where('share_links.expires_at', '<=', now) as Q;
    if (state === 'active')
      return q
        .where('share_links.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('share_links.expires_at', 'is', null), eb('share_links.expires_at', '>', now)])) as Q;
    return q;
  };
  async function withRecipients(rows: (ShareLinkRow & Omit<ShareLinkListRow, keyof ShareLinkRow | 'shared_to'>)[]) {
    const ids = rows.map((r) => r.id);
    const users = ids.length
      ? await db
          .selectFrom('share_link_users')
          .innerJoin('users', 'users.id', 'share_link_users.user_id')
          .select(['share_link_users.link_id', 'users.id', 'users.first_name', 'users.last_name'])
          .where('share_link_users.link_id', 'in', ids)
          .orderBy('users.id')
          .execute()
      : [];
    return rows.map((r): ShareLinkListRow => ({
      ...r,
      views: Number(r.views),
      downloads: Number(r.downloads),
      shared_to: users
        .filter((u) => u.link_id === r.id)
        .map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}` })),
    }));
  }
  /**
   * The active users who may receive a link from `ownerId`: those sharing a brand with the owner
   * (any active user when the owner sees every brand).
   */
  const reachable = (ownerId: number, allBrands: boolean) => {
    const q = db.selectFrom('users').where('users.status', '=', 'ACTIVE');
    if (allBrands) return q;
    return q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_brands as theirs')
          .innerJoin('user_brands as mine', 'mine.brand_id', 'theirs.brand_id')
          .select('theirs.user_id')
          .whereRef('theirs.user_id', '=', 'users.id')
          .where('mine.user_id', '=', ownerId),
      ),
    );
  };
  const columns = [
    'collections.name as collection_name',
    'users.first_name as owner_first',
    'users.last_name as owner_last',
  ] as const;
  return {
    byHash: (hash: string) =>
      db.selectFrom('share_links').selectAll().where('token_hash', '=', hash).executeTakeFirst() as Promise<
        ShareLinkRow | undefined
      >,
    byId: (id: number) =>
      db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        ShareLinkRow | undefined
      >,
    async listRow(id: number) {
      const rows = await listed().selectAll('share_links').select(columns).where('share_links.id', '=', id).execute();
      return (await withRecipients(rows as never))[0];
    },
    /** The owner's links of one collection, newest first. */
    async ofCollection(collectionId: number) {
      const rows = await listed()
        .selectAll('share_links')
        .select(columns)
        .where('share_links.collection_id', '=', collectionId)
        .orderBy('share_links.id', 'desc')
        .execute();
      return withRecipients(rows as never);
    },
    /** The live links made for this user (specific-users audience), newest first. */
    async sharedWith(userId: number, now: string, limit: number) {
      const rows = await inState(listed(), 'active', now)
        .innerJoin('share_link_users as recipient', 'recipient.link_id', 'share_links.id')
        .where('recipient.user_id', '=', userId)
        .selectAll('share_links')
        .select(columns)
        .orderBy('share_links.id', 'desc')
        .limit(limit)
        .execute();
      return rows as (ShareLinkRow & { collection_name: string; owner_first: string; owner_last: string })[];
    },
    /** Every link (the share-link administrators' list), by creator and state, newest first. */
    async all(
      f: { createdBy?: number; state?: ShareLinkState; ownersSharingWith?: number },
      now: string,
      page: number,
      perPage: number,
    ) {
      let q = inState(listed(), f.state, now);
      if (f.createdBy) q = q.where('share_links.owner_id', '=', f.createdBy);
      // A non-admin reaches the links of people who share one of their brands, and their own.
      const viewer = f.ownersSharingWith;
      if (viewer !== undefined)
        q = q.where((eb) =>
          eb.or([
            eb('share_links.owner_id', '=', viewer),
            eb(
              'share_links.owner_id',
              'in',
              eb
                .selectFrom('user_brands as theirs')
                .innerJoin('user_brands as mine', 'mine.brand_id', 'theirs.brand_id')
                .select('theirs.user_id')
                .where('mine.user_id', '=', viewer),
            ),
          ]),
        );
      const [total, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        q
          .selectAll('share_links')
          .select(columns)
          .orderBy('share_links.id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
      ]);
      return { total: Number(total.n), items: await withRecipients(rows as never) };
    },
    isRecipient: async (id: number, userId: number) =>
      !!(await db
        .selectFrom('share_link_users')
        .select('user_id')
        .where('link_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()),
    /** Active people sharing a brand with the owner (everyone for admins), by name or address. */
    async searchRecipients(ownerId: number, search: string, allBrands: boolean, limit: number) {
      let q = reachable(ownerId, allBrands)
        .select(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
        .where('users.id', '!=', ownerId);
      if (search) {
        q = q.where(containsAny(['users.first_name', 'users.last_name', 'users.email'], search));
      }
      return q.orderBy('users.first_name').orderBy('users.last_name').orderBy('users.id').limit(limit).execute();
    },
    /** Of these ids, the ones who may receive a link from `ownerId`. */
    async recipientsOf(ownerId: number, ids: number[], allBrands: boolean) {
      if (!ids.length) return [];
      return reachable(ownerId, allBrands)
        .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'users.lang'])
        .where('users.id', 'in', ids)
        .orderBy('users.id')
        .execute();
    },
    async insert(row: Omit<ShareLinkRow, 'id' | 'views' | 'downloads' | 'revoked_at'>, userIds: number[]) {
      const id = (await db.insertInto('share_links').values(row).returning('id').executeTakeFirstOrThrow()).id;
      if (userIds.length)
        await db
          .insertInto('share_link_users')
          .values(userIds.map((user_id) => ({ link_id: id, user_id })))
          .execute();
      return id;
    },
    async revoke(id: number, at: string) {
      await db.updateTable('share_links').set({ revoked_at: at, updated_at: at }).where('id', '=', id).execute();
    },
    async setProtection(id: number, patch: { watermark?: number; traceable?: number }, at: string) {
      await db
        .updateTable('share_links')
        .set({ ...patch, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    async setExpiry(id: number, expiresAt: string | null, at: string) {
      await db.updateTable('share_links').set({ expires_at: expiresAt, updated_at: at }).where('id', '=', id).execute();
    },
    async countView(id: number) {
      await db
        .updateTable('share_links')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    async countDownload(id: number) {
      await db
        .updateTable('share_links')
        .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}
export type ShareLinksRepo = ReturnType<typeof shareLinksRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    shareLinks: ReturnType<typeof shareLinksRepo>;
  }
}
