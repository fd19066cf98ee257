import type { Lang, UserReportQuery } from '@brandvault/contract';
import { LANGS, STATUSES, TEMPLATE_MAX_ROWS } from '@brandvault/contract';
import type { z } from 'zod';
import type { Repos } from '../../deps/repos.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { Actor } from '../../access/principal.js';
import { usersPolicy } from '../users/users.policy.js';
import { LIST_ERROR, sheetColumns } from './templateSheet.js';
import { USER_COLUMNS, userCells, userVersion } from './userTemplate.js';
import type { TemplateUser } from './userTemplate.js';
import { metaRows } from './xlsx/meta.js';
import { writeWorkbook } from './xlsx/writer.js';

type UserRow = NonNullable<Awaited<ReturnType<UsersRepo['byId']>>>;

/** Users with their roles, direct permissions, brands and last sign-in (batched, 1,000 at a time). */
export async function withGrants(repos: Repos, users: UserRow[]): Promise<TemplateUser[]> {
  const rolesOf = repos.roles;
  const brandsOf = repos.brands;
  const ids = users.map((u) => u.id);
  const merge = async <T>(read: (slice: number[]) => Promise<Map<number, T>>) => {
    const all = new Map<number, T>();
    for (let i = 0; i < ids.length; i += 1000) for (const [k, v] of await read(ids.slice(i, i + 1000))) all.set(k, v);
    return all;
  };
  const [roles, perms, brands] = await Promise.all([
    merge((s) => rolesOf.rolesByUser(s)),
    merge((s) => rolesOf.directPermissionsByUser(s)),
    merge((s) => brandsOf.byUsers(s)),
  ]);
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    position: u.position,
    company: u.company,
    country: u.country,
    phone: u.phone,
    lang: u.lang,
    status: u.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    created_at: u.created_at,
    verified_at: u.verified_at,
    updated_at: u.updated_at,
    roles: roles.get(u.id) ?? [],
    permissions: perms.get(u.id) ?? [],
    brands: brands.get(u.id) ?? [],
    last_sign_in: u.last_login_at ?? null,
  }));
}

/** The users of `ids` the actor may see (administrators: all; others: themselves and their brands' users). */
export async function visibleUsers(repos: Repos, actor: Actor, ids: readonly number[]) {
  const rows = await repos.reports.usersByIds(ids);
  const users = await withGrants(repos, rows);
  if (usersPolicy.seesEveryone(actor)) return users;
  const mine = new Set(((await repos.brands.byUsers([actor.user.id])).get(actor.user.id) ?? []).map((b) => b.id));
  return users.filter((u) => u.id === actor.user.id || u.brands.some((b) => mine.has(b.id)));
}

/** The users report (§7): the users list's filters, as an editable users template with its Meta sheet. */
export async function userTemplateFile(
  env: { repos: Repos; appKey: string; now: Date },
  actor: Actor,
  q: z.output<typeof UserReportQuery>,
  lang: Lang,
) {
  const { items } = await env.repos.users.list({
    sharingWith: usersPolicy.seesEveryone(actor) ? undefined : actor.user.id,
    search: q.search || undefined,
    status: q.status,
    role: q.role,
    brand: q.brand,
    page: 1,
    perPage: TEMPLATE_MAX_ROWS,
  });
  const users = await withGrants(env.repos, items);
  const versions = new Map<number, string>();
  const exportedAt = env.now.toISOString();
  const file = await writeWorkbook({
    sheet: 'Users',
    columns: sheetColumns(USER_COLUMNS, lang),
    rows: users.map((u) => {
      versions.set(u.id, userVersion(u));
      return userCells(u);
    }),
    lists: { lang: LANGS, status: STATUSES },
    listError: LIST_ERROR[lang],
    meta: () => metaRows(env.appKey, { kind: 'users', brandId: null, exportedAt, exportedBy: actor.user.id, versions }),
  });
  const stamp = exportedAt.slice(0, 16).replace('T', ' ').replace(':', '.');
  return { ...file, name: `${lang === 'es' ? 'Usuarios' : 'Users'} ${stamp}.xlsx` };
}
