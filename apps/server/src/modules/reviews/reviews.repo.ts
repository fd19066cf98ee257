import { ADMIN_ROLE } from '@brandvault/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { AssetReviewsTable, AssetsTable } from '../../db/schema.js';
import { paged } from '../../db/paged.js';
import { CARD_COLUMNS } from '../assets/assets.view.js';

export interface QueueFilter {
  brandId: number;
  state: 'pending' | 'rejected';
  /** The folder's path: the folder and its subfolders. */
  under?: string | undefined;
  uploaderId?: number | undefined;
  /** Uploads made at or before this time. */
  before?: string | undefined;
  /** PRIVATE, expired and embargoed ones too (the reviewer sees private content). */
  withPrivate: boolean;
}

/** The SQL of approval (issue 40 §3): brands' approval roles, the assets in review, their history. */
export function reviewsRepo(db: Db) {
  /** Assets in review with what a queue item shows (partial indexes keep this to the few in review). */
  const inReview = () =>
    db
      .selectFrom('assets as a')
      .innerJoin('folders as f', 'f.id', 'a.folder_id')
      .innerJoin('brands as b', 'b.id', 'a.brand_id')
      .where('a.review_state', '<>', 'approved')
      .where('a.status', '=', 'ACTIVE')
      .where('f.status', '=', 'ACTIVE');
  const itemColumns = (q: ReturnType<typeof inReview>) =>
    q
      .leftJoin('users as up', 'up.id', 'a.created_by')
      .leftJoin('users as rv', 'rv.id', 'a.reviewed_by')
      .select(CARD_COLUMNS.map((c) => `a.${c}` as const))
      .select([
        'a.review_state',
        'a.review_reason',
        'a.reviewed_at',
        'a.created_by',
        'a.reviewed_by',
        'up.first_name as up_first',
        'up.last_name as up_last',
        'rv.first_name as rv_first',
        'rv.last_name as rv_last',
        'f.name as folder_name',
        'b.name as brand_name',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc');

  /** Users holding `permission` through a role or directly. */
  const holding = (permission: string) =>
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
  const admins = () =>
    db
      .selectFrom('user_roles as ar')
      .innerJoin('roles as r', 'r.id', 'ar.role_id')
      .select('ar.user_id')
      .where('r.name', '=', ADMIN_ROLE);

  return {
    roles: () => db.selectFrom('roles').select(['id', 'name']).orderBy('name').execute(),
    async approvalRoleIds(brandId: number) {
      const rows = await db
        .selectFrom('brand_approval_roles')
        .select('role_id')
        .where('brand_id', '=', brandId)
        .orderBy('role_id')
        .execute();
      return rows.map((r) => r.role_id);
    },
    async setApprovalRoles(brandId: number, roleIds: readonly number[]) {
      await db.deleteFrom('brand_approval_roles').where('brand_id', '=', brandId).execute();
      if (roleIds.length)
        await db
          .insertInto('brand_approval_roles')
          .values(roleIds.map((role_id) => ({ brand_id: brandId, role_id })))
          .execute();
    },
    async brandRequiresApproval(brandId: number) {
      const row = await db
        .selectFrom('brand_approval_roles')
        .select('role_id')
        .where('brand_id', '=', brandId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Whether one of the user's roles is one whose uploads to the brand wait for review. */
    async roleNeedsApproval(userId: number, brandId: number) {
      const row = await db
        .selectFrom('brand_approval_roles as bar')
        .innerJoin('user_roles as ur', 'ur.role_id', 'bar.role_id')
        .select('bar.role_id')
        .where('bar.brand_id', '=', brandId)
        .where('ur.user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * The active reviewers of a brand: `asset.approve` holders who are its members or
     * administrators, and who see private content (as their review queue requires).
     */
    async reviewersOf(brandId: number) {
      const rows = await db
        .selectFrom('users')
        .select('users.id')
        .where('users.status', '=', 'ACTIVE')
        .where('users.id', 'in', holding('asset.approve'))
        .where((eb) =>
          eb.or([
            eb('users.id', 'in', admins()),
            eb.and([
              eb('users.id', 'in', holding('content.private')),
              eb.exists(
                eb
                  .selectFrom('user_brands as ub')
                  .select('ub.user_id')
                  .whereRef('ub.user_id', '=', 'users.id')
                  .where('ub.brand_id', '=', brandId),
              ),
            ]),
          ]),
        )
        .execute();
      return rows.map((r) => r.id);
    },
    folderPath: async (folderId: number, brandId: number) =>
      (
        await db
          .selectFrom('folders')
          .select('path')
          .where('id', '=', folderId)
          .where('brand_id', '=', brandId)
          .executeTakeFirst()
      )?.path,
    queue(f: QueueFilter, page: number, perPage: number) {
      let q = inReview().where('a.brand_id', '=', f.brandId).where('a.review_state', '=', f.state);
      if (f.under !== undefined) q = q.where('f.path', 'like', `${f.under}%`);
      if (f.uploaderId !== undefined) q = q.where('a.created_by', '=', f.uploaderId);
      if (f.before !== undefined) q = q.where('a.created_at', '<=', f.before);
      // Without content.private, what assetsPolicy hides from the reviewer stays out of the queue.
      if (!f.withPrivate)
        q = q
          .where('a.visibility', '<>', 'PRIVATE')
          .where('f.private_path', '=', 0)
          .where('a.availability', 'not in', ['expired', 'embargoed']);
      return paged(q, itemColumns, page, perPage);
    },
    /** Everyone with uploads in a brand's queue in this state, by name. */
    uploadersIn: (brandId: number, state: 'pending' | 'rejected') =>
      inReview()
        .innerJoin('users as up', 'up.id', 'a.created_by')
        .where('a.brand_id', '=', brandId)
        .where('a.review_state', '=', state)
        .select(['up.id', 'up.first_name', 'up.last_name'])
        .distinct()
        .orderBy('up.first_name')
        .orderBy('up.last_name')
        .limit(200)
        .execute(),
    mine: (userId: number, page: number, perPage: number) =>
      paged(inReview().where('a.created_by', '=', userId), itemColumns, page, perPage),
    /** Uploads awaiting review in these brands (every brand when null). */
    async pendingCount(brandIds: readonly number[] | null) {
      if (brandIds && !brandIds.length) return 0;
      let q = inReview().where('a.review_state', '=', 'pending');
      if (brandIds) q = q.where('a.brand_id', 'in', brandIds);
      const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    memberBrandIds: async (userId: number) =>
      (await db.selectFrom('user_brands').select('brand_id').where('user_id', '=', userId).execute()).map(
        (r) => r.brand_id,
      ),
    setState: (ids: readonly number[], patch: Updateable<AssetsTable>) =>
      db.updateTable('assets').set(patch).where('id', 'in', ids).execute(),
    addEvents: (rows: Insertable<AssetReviewsTable>[]) =>
      rows.length ? db.insertInto('asset_reviews').values(rows).execute() : Promise.resolve([]),
    history: (assetId: number) =>
      db
        .selectFrom('asset_reviews as r')
        .leftJoin('users as u', 'u.id', 'r.actor_id')
        .select(['r.id', 'r.state', 'r.reason', 'r.version', 'r.actor_id', 'r.created_at'])
        .select(['u.first_name', 'u.last_name'])
        .where('r.asset_id', '=', assetId)
        .orderBy('r.id', 'desc')
        .limit(100)
        .execute(),
    /** The uploaders of these assets, with what their mail needs. */
    uploaders: (userIds: readonly number[]) =>
      userIds.length
        ? db
            .selectFrom('users')
            .select(['id', 'first_name', 'email', 'lang', 'status'])
            .where('id', 'in', userIds)
            .execute()
        : Promise.resolve([]),
  };
}
export type ReviewsRepo = ReturnType<typeof reviewsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    reviews: ReturnType<typeof reviewsRepo>;
  }
}
