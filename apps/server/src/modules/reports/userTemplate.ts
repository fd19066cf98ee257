import { LANGS, OptionalText, PersonName, STATUSES } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import { isAdmin } from '../../access/principal.js';
import { usersPolicy } from '../users/users.policy.js';
import { RowRefused, diff, fingerprint, joinList, refused, splitList } from './templateSheet.js';
import type { Evaluated, TemplateColumn } from './templateSheet.js';
import type { TemplateMeta } from './xlsx/meta.js';
import type { Cell } from './xlsx/writer.js';

/** The users template (and report): a hidden id, the e-mail, what an import edits, then facts. */
export const USER_COLUMNS: readonly TemplateColumn[] = [
  { key: 'id', en: 'ID', es: 'ID', width: 8, hidden: true },
  { key: 'email', en: 'E-mail', es: 'Correo', width: 30, readOnly: true },
  { key: 'first_name', en: 'First name', es: 'Nombre', width: 16 },
  { key: 'last_name', en: 'Last name', es: 'Apellidos', width: 18 },
  { key: 'position', en: 'Position', es: 'Cargo', width: 18 },
  { key: 'company', en: 'Company', es: 'Empresa', width: 18 },
  { key: 'country', en: 'Country', es: 'País', width: 14 },
  { key: 'phone', en: 'Phone', es: 'Teléfono', width: 16 },
  { key: 'lang', en: 'Language', es: 'Idioma', width: 10, list: 'lang' },
  { key: 'status', en: 'Status', es: 'Estado', width: 11, list: 'status' },
  { key: 'roles', en: 'Roles', es: 'Roles', width: 18, multi: true },
  { key: 'brands', en: 'Brands', es: 'Marcas', width: 26, multi: true },
  { key: 'created', en: 'Created', es: 'Creado', width: 20, readOnly: true },
  { key: 'last_sign_in', en: 'Last sign-in', es: 'Último acceso', width: 20, readOnly: true },
  { key: 'verified', en: 'Verified', es: 'Verificado', width: 20, readOnly: true },
];
export const USER_EDITABLE = [
  'first_name',
  'last_name',
  'position',
  'company',
  'country',
  'phone',
  'lang',
  'status',
  'roles',
  'brands',
] as const;
type Field = (typeof USER_EDITABLE)[number];
const PROFILE = ['first_name', 'last_name', 'position', 'company', 'country', 'phone', 'lang', 'status'] as const;

/** A user with what a template shows: roles, brands (id and name), last sign-in. */
export interface TemplateUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  position: string | null;
  company: string | null;
  country: string | null;
  phone: string | null;
  lang: string;
  status: string;
  created_at: string;
  verified_at: string | null;
  updated_at: string;
  roles: string[];
  permissions: string[];
  brands: { id: number; name: string }[];
  last_sign_in: string | null;
}

export function userValues(u: TemplateUser): Record<Field, string> {
  return {
    first_name: u.first_name,
    last_name: u.last_name,
    position: u.position ?? '',
    company: u.company ?? '',
    country: u.country ?? '',
    phone: u.phone ?? '',
    lang: u.lang,
    status: u.status,
    roles: joinList([...u.roles].sort()),
    brands: joinList(u.brands.map((b) => b.name).sort()),
  };
}
export const userVersion = (u: TemplateUser) => fingerprint(userValues(u));

const day = (v: string | null) => (v ? v.slice(0, 19).replace('T', ' ') : '');
export function userCells(u: TemplateUser): Cell[] {
  const v = userValues(u);
  return [u.id, u.email, ...USER_EDITABLE.map((k) => v[k]), day(u.created_at), day(u.last_sign_in), day(u.verified_at)];
}

export interface UserRowContext {
  actor: Actor;
  actorBrands: ReadonlySet<number>;
  meta: TemplateMeta;
  seen: Set<number>;
  roles: ReadonlySet<string>;
  rolePermissions: ReadonlyMap<string, readonly string[]>;
  /** Brands by lower-cased name or slug. */
  brands: ReadonlyMap<string, { id: number; name: string }>;
}

/** What an import would write: profile columns and, when they change, roles and brand ids. */
export interface UserPatch {
  profile: Partial<Record<(typeof PROFILE)[number], string | null>>;
  roles?: string[];
  brands?: number[];
}

const check = (
  field: Field,
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { code: string }[] } } },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  if (!r.success) throw new RowRefused(r.error?.issues[0]?.code === 'too_big' ? 'tooLong' : 'invalid', { field });
};

function readValues(c: UserRowContext, cell: (k: Field) => string | undefined) {
  const out: Partial<Record<Field, string>> = {};
  for (const k of ['first_name', 'last_name'] as const) {
    const v = cell(k);
    if (v === undefined) continue;
    check(k, PersonName, v);
    out[k] = v.trim();
  }
  for (const k of ['position', 'company', 'country', 'phone'] as const) {
    const v = cell(k);
    if (v === undefined) continue;
    check(k, OptionalText, v);
    out[k] = v.trim();
  }
  for (const [k, allowed] of [
    ['lang', LANGS],
    ['status', STATUSES],
  ] as const) {
    const v = cell(k)?.trim();
    if (v === undefined) continue;
    const norm = k === 'lang' ? v.toLowerCase() : v.toUpperCase();
    if (!(allowed as readonly string[]).includes(norm)) throw new RowRefused('notInList', { field: k, value: v });
    out[k] = norm;
  }
  const roles = cell('roles');
  if (roles !== undefined) {
    const list = splitList(roles);
    for (const r of list) if (!c.roles.has(r)) throw new RowRefused('unknownValue', { field: 'roles', value: r });
    out.roles = joinList(list.sort());
  }
  const brands = cell('brands');
  if (brands !== undefined) {
    const names = splitList(brands).map((b) => {
      const found = c.brands.get(b.toLowerCase());
      if (!found) throw new RowRefused('unknownValue', { field: 'brands', value: b });
      return found.name;
    });
    out.brands = joinList([...new Set(names)].sort());
  }
  return out;
}

/** The rights a change needs, row by row: the users policy's rules (users.policy.ts). */
export function checkUserRights(
  c: UserRowContext,
  u: TemplateUser,
  changes: Partial<Record<Field, string>>,
  brandIds: number[] | undefined,
) {
  if (!usersPolicy.manages(c.actor, u.roles)) throw new RowRefused('noRight');
  if (changes.status !== undefined && !usersPolicy.changeStatus(c.actor, u.id, u.roles))
    throw new RowRefused('noRight');
  const roles = changes.roles !== undefined ? splitList(changes.roles) : undefined;
  if (usersPolicy.dropOwnAdmin(c.actor, u.id, roles)) throw new RowRefused('noRight');
  const refusedGrants = usersPolicy.refusedGrants({
    actor: c.actor,
    actorBrands: c.actorBrands,
    targetId: u.id,
    before: { roles: u.roles, permissions: u.permissions, brands: u.brands.map((b) => b.id) },
    after: { roles, brands: brandIds },
    rolePermissions: c.rolePermissions,
  });
  const [field, key] = Object.entries(refusedGrants)[0] ?? [];
  if (field) throw new RowRefused(key === 'own' ? 'own' : 'grant', { field });
}

/** One sheet row of a users template in the preview (see evaluateAssetRow). */
export function evaluateUserRow(
  c: UserRowContext,
  id: number | null,
  cell: (k: Field) => string | undefined,
  u: TemplateUser | undefined,
): Evaluated {
  try {
    if (id === null || !u) throw new RowRefused('unknownId');
    if (c.seen.has(id)) throw new RowRefused('duplicate');
    c.seen.add(id);
    const exported = c.meta.versions.get(id);
    if (exported === undefined) throw new RowRefused('notExported');
    const next = readValues(c, cell);
    const changes = diff(USER_EDITABLE, userValues(u), next);
    if (!changes.length)
      return {
        target_id: id,
        label: u.email,
        outcome: 'unchanged',
        changes: [],
        patch: null,
        version: exported,
        reason: null,
        reason_vars: null,
      };
    const changed = Object.fromEntries(changes.map((ch) => [ch.field, ch.after])) as Partial<Record<Field, string>>;
    const brandIds =
      changed.brands !== undefined
        ? splitList(changed.brands).map((n) => c.brands.get(n.toLowerCase())!.id)
        : undefined;
    checkUserRights(c, u, changed, brandIds);
    if (userVersion(u) !== exported) throw new RowRefused('conflict');
    const patch: UserPatch = { profile: {} };
    for (const k of PROFILE) if (changed[k] !== undefined) patch.profile[k] = changed[k] === '' ? null : changed[k]!;
    if (changed.roles !== undefined) patch.roles = splitList(changed.roles);
    if (brandIds) patch.brands = brandIds;
    return {
      target_id: id,
      label: u.email,
      outcome: 'change',
      changes,
      patch: patch as unknown as Record<string, unknown>,
      version: exported,
      reason: null,
      reason_vars: null,
    };
  } catch (err) {
    if (err instanceof RowRefused) return refused(id, u?.email ?? null, err);
    throw err;
  }
}

export const seesAllUsers = (actor: Actor) => isAdmin(actor);
