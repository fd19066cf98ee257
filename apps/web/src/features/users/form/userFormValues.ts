import type { AdminUser, Lang, PermissionName, RoleName, RouteBody, Status } from '@brandvault/contract';

export const TEXT_FIELDS = ['first_name', 'last_name', 'email', 'company', 'country', 'phone', 'position'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const REQUIRED_TEXT: readonly TextField[] = ['first_name', 'last_name', 'email'];

/** What the users.create and users.edit form holds; brand ids as strings (Mantine's select values). */
export interface UserFormValues {
  text: Record<TextField, string>;
  password: string;
  password_confirmation: string;
  lang: Lang;
  status: Status;
  roles: string[];
  permissions: PermissionName[];
  brands: string[];
}

const emptyText = () => Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as Record<TextField, string>;

/** A new user: active, in English, with the roles given (the first the caller may grant). */
export function newUserValues(roles: string[]): UserFormValues {
  return {
    text: emptyText(),
    password: '',
    password_confirmation: '',
    lang: 'en',
    status: 'ACTIVE',
    roles,
    permissions: [],
    brands: [],
  };
}

/** The form filled with a user as loaded. */
export function userValues(user: AdminUser): UserFormValues {
  return {
    text: Object.fromEntries(TEXT_FIELDS.map((k) => [k, user[k] ?? ''])) as Record<TextField, string>,
    password: '',
    password_confirmation: '',
    lang: user.lang,
    status: user.status,
    roles: user.roles.map((r) => r.name),
    permissions: user.permissions.map((p) => p.name as PermissionName),
    brands: user.brands.map((b) => String(b.id)),
  };
}

/** The optional details go out as null when left empty. */
const details = (v: UserFormValues) => ({
  company: v.text.company.trim() || null,
  country: v.text.country.trim() || null,
  phone: v.text.phone.trim() || null,
  position: v.text.position.trim() || null,
});

const grants = (v: UserFormValues) => ({
  roles: v.roles as RoleName[],
  permissions: v.permissions,
  brands: v.brands.map(Number),
});

export const createBody = (v: UserFormValues): RouteBody<'userCreate'> => ({
  first_name: v.text.first_name,
  last_name: v.text.last_name,
  email: v.text.email,
  password: v.password,
  password_confirmation: v.password_confirmation,
  ...details(v),
  lang: v.lang,
  status: v.status,
  ...grants(v),
});

/** Every field: the server records and applies only what differs from the user as stored. */
export const editBody = (v: UserFormValues): RouteBody<'userEdit'> => ({
  first_name: v.text.first_name,
  last_name: v.text.last_name,
  email: v.text.email,
  ...details(v),
  lang: v.lang,
  status: v.status,
  ...grants(v),
});
