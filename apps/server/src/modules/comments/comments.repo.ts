import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { CommentsTable } from '../../db/schema.js';
import { containsAny } from '../../db/like.js';
import { paged } from '../../db/paged.js';
import { assetViewers } from '../assets/assets.repo.js';

export type CommentRow = Selectable<CommentsTable>;
/** A comment with its author's and resolver's names (null once the user is gone). */
export type NamedCommentRow = CommentRow & {
  author_first: string | null;
  author_last: string | null;
  resolver_first: string | null;
  resolver_last: string | null;
};
/** One person a comment names: `kind` 'mention' or 'notify'. */
export type CommentPersonRow = { comment_id: number; kind: string; id: number; first_name: string; last_name: string };
export type PeopleKind = 'mention' | 'notify';

/** Comments on assets, threads one level deep, and the people each names. */
export function commentsRepo(db: Db) {
  const named = () =>
    db
      .selectFrom('comments')
      .leftJoin('users as author', 'author.id', 'comments.user_id')
      .leftJoin('users as resolver', 'resolver.id', 'comments.resolved_by');
  const columns = [
    'author.first_name as author_first',
    'author.last_name as author_last',
    'resolver.first_name as resolver_first',
    'resolver.last_name as resolver_last',
  ] as const;

  return {
    byId: (id: number) => db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst(),

    named: (id: number): Promise<NamedCommentRow | undefined> =>
      named().selectAll('comments').select(columns).where('comments.id', '=', id).executeTakeFirst(),

    /** One page of an asset's top-level comments, oldest first. */
    threads: (assetId: number, page: number, perPage: number) =>
      paged(
        named().where('comments.asset_id', '=', assetId).where('comments.parent_id', 'is', null),
        (q) => q.selectAll('comments').select(columns).orderBy('comments.id'),
        page,
        perPage,
      ) as Promise<{ total: number; items: NamedCommentRow[] }>,

    /** Every reply of these threads, oldest first. */
    replies: async (parentIds: readonly number[]): Promise<NamedCommentRow[]> =>
      parentIds.length
        ? named()
            .selectAll('comments')
            .select(columns)
            .where('comments.parent_id', 'in', [...parentIds])
            .orderBy('comments.id')
            .execute()
        : [],

    /** The people these comments name, with their names. */
    people: async (commentIds: readonly number[]): Promise<CommentPersonRow[]> =>
      commentIds.length
        ? db
            .selectFrom('comment_people')
            .innerJoin('users', 'users.id', 'comment_people.user_id')
            .select([
              'comment_people.comment_id',
              'comment_people.kind',
              'users.id',
              'users.first_name',
              'users.last_name',
            ])
            .where('comment_people.comment_id', 'in', [...commentIds])
            .orderBy('comment_people.comment_id')
            .orderBy('users.id')
            .execute()
        : [],

    /** Threads of the asset not resolved yet. */
    async openThreads(assetId: number) {
      const r = await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('asset_id', '=', assetId)
        .where('parent_id', 'is', null)
        .where('resolved_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async insert(row: Insertable<CommentsTable>, people: { mention: number[]; notify: number[] }) {
      const id = (await db.insertInto('comments').values(row).returning('id').executeTakeFirstOrThrow()).id;
      const rows = [
        ...people.mention.map((user_id) => ({ comment_id: id, user_id, kind: 'mention' })),
        ...people.notify.map((user_id) => ({ comment_id: id, user_id, kind: 'notify' })),
      ];
      if (rows.length) await db.insertInto('comment_people').values(rows).execute();
      return id;
    },

    async update(id: number, patch: Updateable<CommentsTable>) {
      await db.updateTable('comments').set(patch).where('id', '=', id).execute();
    },

    /** Replaces the people of one kind a comment names. */
    async setPeople(id: number, kind: PeopleKind, userIds: readonly number[]) {
      await db.deleteFrom('comment_people').where('comment_id', '=', id).where('kind', '=', kind).execute();
      if (userIds.length)
        await db
          .insertInto('comment_people')
          .values(userIds.map((user_id) => ({ comment_id: id, user_id, kind })))
          .execute();
    },

    /** Deletes a comment and, for a thread, its replies; answers how many replies went with it. */
    async remove(id: number) {
      const replies = await db
        .deleteFrom('comments')
        .where('parent_id', '=', id)
        .executeTakeFirst()
        .then((r) => Number(r.numDeletedRows));
      await db.deleteFrom('comments').where('id', '=', id).execute();
      return replies;
    },

    /** Active people who can see the asset, by first or last name or address, except `exceptId`. */
    mentionable(assetId: number, exceptId: number, search: string, limit: number) {
      let q = assetViewers(db, assetId)
        .select([
          'users.id',
          'users.first_name',
          'users.last_name',
          'users.photo_key',
          'users.photo_thumb_key',
          'users.photo_uri',
        ])
        .where('users.id', '!=', exceptId);
      // By name only: a search by address would tell the writer whose address it is.
      if (search) q = q.where(containsAny(['users.first_name', 'users.last_name'], search));
      return q.orderBy('users.first_name').orderBy('users.last_name').orderBy('users.id').limit(limit).execute();
    },
  };
}
export type CommentsRepo = ReturnType<typeof commentsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    comments: ReturnType<typeof commentsRepo>;
  }
}
