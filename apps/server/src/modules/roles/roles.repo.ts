import type { Db } from '../../db/index.js';

/** Roles, permissions and their links to users. */
export function rolesRepo(db: Db) {
  return {
    async rolesByUser(userIds: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (!userIds.length) return out;
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(['user_roles.user_id', 'roles.name'])
        .where('user_roles.user_id', 'in', userIds)
        .orderBy('roles.name')
        .execute();
      for (const r of rows) (out.get(r.user_id) ?? out.set(r.user_id, []).get(r.user_id)!).push(r.name);
      return out;
    },

    async directPermissionsByUser(userIds: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (!userIds.length) return out;
      const rows = await db
        .selectFrom('user_permissions')
        .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
        .select(['user_permissions.user_id', 'permissions.name'])
        .where('user_permissions.user_id', 'in', userIds)
        .orderBy('permissions.name')
        .execute();
      for (const r of rows) (out.get(r.user_id) ?? out.set(r.user_id, []).get(r.user_id)!).push(r.name);
      return out;
    },

    /** Role permissions and direct permissions together, deduplicated. */
    async effectivePermissions(userId: number): Promise<string[]> {
      const viaRoles = db
        .selectFrom('user_roles')
        .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select('permissions.name')
        .where('user_roles.user_id', '=', userId);
      const direct = db
        .selectFrom('user_permissions')
        .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
        .select('permissions.name')
        .where('user_permissions.user_id', '=', userId);
      const rows = await viaRoles.union(direct).execute();
      return rows.map((r) => r.name).sort();
    },

    /** Every role's name, seeded ones first. */
    roleNames: async () => (await db.selectFrom('roles').select('name').orderBy('id').execute()).map((r) => r.name),

    /** The permissions each named role carries. */
    async permissionsOfRoles(names: readonly string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>(names.map((n) => [n, []]));
      if (!names.length) return out;
      const rows = await db
        .selectFrom('roles')
        .innerJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select(['roles.name as role', 'permissions.name as permission'])
        .where('roles.name', 'in', [...names])
        .execute();
      for (const r of rows) out.get(r.role)?.push(r.permission);
      return out;
    },

    /** Every role with its permissions and how many users hold it. */
    async allWithCounts() {
      const roles = await db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
      const perms = await db
        .selectFrom('role_permissions')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select(['role_permissions.role_id', 'permissions.name'])
        .orderBy('permissions.name')
        .execute();
      const counts = await db
        .selectFrom('user_roles')
        .select(['role_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('role_id')
        .execute();
      const count = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
      return roles.map((r) => ({
        id: r.id,
        name: r.name,
        permissions: perms.filter((p) => p.role_id === r.id).map((p) => p.name),
        users: count.get(r.id) ?? 0,
      }));
    },

    async roleById(id: number) {
      return db.selectFrom('roles').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    async roleNameTaken(name: string, exceptId?: number) {
      let q = db.selectFrom('roles').select('id').where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return !!(await q.executeTakeFirst());
    },

    async insertRole(name: string, now: string) {
      const row = await db
        .insertInto('roles')
        .values({ name, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async renameRole(id: number, name: string) {
      await db.updateTable('roles').set({ name }).where('id', '=', id).execute();
    },

    async setRolePermissions(roleId: number, names: readonly string[]) {
      await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
      if (!names.length) return;
      const perms = await db
        .selectFrom('permissions')
        .select('id')
        .where('name', 'in', [...names])
        .execute();
      await db
        .insertInto('role_permissions')
        .values(perms.map((p) => ({ role_id: roleId, permission_id: p.id })))
        .execute();
    },

    async deleteRole(id: number) {
      await db.deleteFrom('role_permissions').where('role_id', '=', id).execute();
      await db.deleteFrom('roles').where('id', '=', id).execute();
    },

    async setUserRoles(userId: number, names: readonly string[]) {
      await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
      if (!names.length) return;
      const roles = await db
        .selectFrom('roles')
        .select('id')
        .where('name', 'in', [...names])
        .execute();
      await db
        .insertInto('user_roles')
        .values(roles.map((r) => ({ user_id: userId, role_id: r.id })))
        .execute();
    },

    async setUserPermissions(userId: number, names: readonly string[]) {
      await db.deleteFrom('user_permissions').where('user_id', '=', userId).execute();
      if (!names.length) return;
      const perms = await db
        .selectFrom('permissions')
        .select('id')
        .where('name', 'in', [...names])
        .execute();
      await db
        .insertInto('user_permissions')
        .values(perms.map((p) => ({ user_id: userId, permission_id: p.id })))
        .execute();
    },

    async activeUsersWithRole(role: string) {
      return db
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .selectAll('users')
        .where('roles.name', '=', role)
        .where('users.status', '=', 'ACTIVE')
        .execute();
    },

    /**
     * Makes sure every named role and permission exists, that no other permission does (a name
     * nothing checks any more is taken from every role and user), and that new roles have their set.
     */
    async seed(rolePermissions: Record<string, readonly string[]>, permissions: readonly string[], now: string) {
      const retired = db
        .selectFrom('permissions')
        .select('id')
        .where('name', 'not in', [...permissions]);
      await db.deleteFrom('role_permissions').where('permission_id', 'in', retired).execute();
      await db.deleteFrom('user_permissions').where('permission_id', 'in', retired).execute();
      await db
        .deleteFrom('permissions')
        .where('name', 'not in', [...permissions])
        .execute();
      const havePerms = new Set((await db.selectFrom('permissions').select('name').execute()).map((r) => r.name));
      const newPerms = permissions.filter((p) => !havePerms.has(p));
      if (newPerms.length)
        await db
          .insertInto('permissions')
          .values(newPerms.map((name) => ({ name })))
          .execute();
      const haveRoles = new Set((await db.selectFrom('roles').select('name').execute()).map((r) => r.name));
      const newRoles = Object.keys(rolePermissions).filter((r) => !haveRoles.has(r));
      if (newRoles.length) {
        await db
          .insertInto('roles')
          .values(newRoles.map((name) => ({ name, created_at: now })))
          .execute();
      }
      const permIds = new Map(
        (await db.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
      );
      const roleIds = new Map(
        (await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
      );
      for (const role of newRoles) {
        const roleId = roleIds.get(role)!;
        const rows = (rolePermissions[role] ?? []).map((p) => ({ role_id: roleId, permission_id: permIds.get(p)! }));
        if (rows.length) await db.insertInto('role_permissions').values(rows).execute();
      }
      // The admin role always holds every permission, including ones added by later releases.
      const adminId = roleIds.get('admin');
      if (adminId && newPerms.length && !newRoles.includes('admin')) {
        await db
          .insertInto('role_permissions')
          .values(newPerms.map((p) => ({ role_id: adminId, permission_id: permIds.get(p)! })))
          .execute();
      }
    },
  };
}
export type RolesRepo = ReturnType<typeof rolesRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    roles: ReturnType<typeof rolesRepo>;
  }
}
