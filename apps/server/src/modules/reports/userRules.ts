import type { Repos } from '../../deps/repos.js';
import type { Actor } from '../../access/principal.js';
import type { UserRowContext } from './userTemplate.js';
import type { TemplateMeta } from './xlsx/meta.js';

/** What judging users rows needs, read once per import: roles, their permissions, brands by name or slug. */
export async function userRules(repos: Repos, actor: Actor, meta: TemplateMeta): Promise<UserRowContext> {
  const repo = repos.reports;
  const [roleNames, brands, mine] = await Promise.all([
    repo.roleNames(),
    repo.brands(),
    repos.brands.byUsers([actor.user.id]),
  ]);
  const byName = new Map<string, { id: number; name: string }>();
  for (const b of brands) for (const k of [b.slug, b.name]) byName.set(k.toLowerCase(), { id: b.id, name: b.name });
  return {
    actor,
    actorBrands: new Set((mine.get(actor.user.id) ?? []).map((b) => b.id)),
    meta,
    seen: new Set<number>(),
    roles: new Set(roleNames),
    rolePermissions: await repos.roles.permissionsOfRoles(roleNames),
    brands: byName,
  };
}
