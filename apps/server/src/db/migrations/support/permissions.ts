/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Gives a permission (made if missing) to the roles with these ids: how a migration hands a new
 * permission to the seeded roles of an installation that exists already.
 */
export async function grantPermission(db: Kysely<any>, name: string, roleIds: readonly number[]): Promise<void> {
  if (roleIds.length === 0) return;
  let perm = await db.selectFrom('permissions').select('id').where('name', '=', name).executeTakeFirst();
  if (!perm) perm = await db.insertInto('permissions').values({ name }).returning('id').executeTakeFirstOrThrow();
  const permissionId = perm.id as number;
  await db
    .insertInto('role_permissions')
    .values(roleIds.map((role_id) => ({ role_id, permission_id: permissionId })))
    .execute();
}
