import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import { containsAny } from '../../db/like.js';
import type { UsersTable } from '../../db/schema.js';
import { paged } from '../../db/paged.js';

export type UserListFilter = {
  /** Only users who share a brand with this user (and the user themselves). */
  sharingWith?: number;
  search?: string;
  status?: 'ACTIVE' | 'INACTIVE' | 'PENDING';
  /** Only holders of this role. */
  role?: string;
  /** Only users assigned this brand. */
  brand?: number;
  page: number;
  perPage: number;
};

export function usersRepo(db: Db) {
  return {
    byId: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    async emailTaken(email: string, exceptId?: number) {
      let q = db.selectFrom('users').select('id').where('email', '=', email);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return !!(await q.executeTakeFirst());
    },

    async insert(row: Insertable<UsersTable>): Promise<number> {
      const r = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    async update(id: number, patch: Updateable<UsersTable>) {
      await db.updateTable('users').set(patch).where('id', '=', id).execute();
    },

    /** Whether `userId` is `viewerId` or shares one of their brands. */
    async sharesBrand(viewerId: number, userId: number) {
      if (viewerId === userId) return true;
      const row = await db
        .selectFrom('user_brands as theirs')
        .innerJoin('user_brands as mine', 'mine.brand_id', 'theirs.brand_id')
        .select('theirs.user_id')
        .where('theirs.user_id', '=', userId)
        .where('mine.user_id', '=', viewerId)
        .executeTakeFirst();
      return !!row;
    },

    signedIn: (id: number, at: string) =>
      db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute(),

    async count() {
      const r = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async list(f: UserListFilter) {
      let q = db.selectFrom('users');
      const viewer = f.sharingWith;
      if (viewer !== undefined)
        q = q.where((eb) =>
          eb.or([
            eb('users.id', '=', viewer),
            eb(
              'users.id',
              'in',
              eb
                .selectFrom('user_brands as theirs')
                .innerJoin('user_brands as mine', 'mine.brand_id', 'theirs.brand_id')
                .select('theirs.user_id')
                .where('mine.user_id', '=', viewer),
            ),
          ]),
        );
      if (f.search) {
        q = q.where(containsAny(['first_name', 'last_name', 'email'], f.search));
      }
      if (f.status === 'PENDING') q = q.where('status', '=', 'INACTIVE').where('approved_at', 'is', null);
      else if (f.status) q = q.where('status', '=', f.status);
      if (f.role) {
        const role = f.role;
        q = q.where('users.id', 'in', (eb) =>
          eb
            .selectFrom('user_roles')
            .innerJoin('roles', 'roles.id', 'user_roles.role_id')
            .select('user_roles.user_id')
            .where('roles.name', '=', role),
        );
      }
      if (f.brand !== undefined) {
        const brand = f.brand;
        q = q.where('users.id', 'in', (eb) =>
          eb.selectFrom('user_brands').select('user_brands.user_id').where('user_brands.brand_id', '=', brand),
        );
      }
      return paged(q, (p) => p.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), f.page, f.perPage);
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    users: ReturnType<typeof usersRepo>;
  }
}
