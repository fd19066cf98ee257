import type { Db } from '../../db/index.js';
import { brandsRepo } from '../brands/brands.repo.js';
import { rolesRepo } from '../roles/roles.repo.js';
import type { Actor } from '../../access/principal.js';
import { reportsRepo } from './reports.repo.js';
import type { UserRowContext } from './userTemplate.js';
import type { TemplateMeta } from './xlsx/meta.js';

/** What judging users rows needs, read once per import: roles, their permissions, brands by name or slug. */
export async function userRules(db: Db, actor: Actor, meta: TemplateMeta): Promise<UserRowContext> {
  const repo = reportsRepo(db);
  const [roleNames, brands, mine] = await Promise.all([
    repo.roleNames(),
    repo.brands(),
    brandsRepo(db).byUsers([actor.user.id]),
  ]);
  const byName = new Map<string, { id: number; name: string }>();
  for (const b of brands) for (const k of [b.slug, b.name]) byName.set(k.toLowerCase(), { id: b.id, name: b.name });
  return {
    actor,
    actorBrands: new Set((mine.get(actor.user.id) ?? []).map((b) => b.id)),
    meta,
    seen: new Set<number>(),
    roles: new Set(roleNames),
    rolePermissions: await rolesRepo(db).permissionsOfRoles(roleNames),
    brands: byName,
  };
}
