import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../permissions.js';
import {
  Email,
  LangSchema as Lang,
  Named,
  OptionalText,
  PageQuery,
  Password,
  PersonName,
  StatusSchema as Status,
  Timestamp,
  confirmPassword,
  paginated,
} from './common.js';

export const RoleNames = z.array(z.enum(ROLES)).max(ROLES.length);
export const PermissionNames = z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length);
export const BrandIds = z.array(z.number().int().positive()).max(1000);

export const AdminUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  lang: Lang,
  status: Status,
  verified_at: Timestamp.nullable(),
  approved_at: Timestamp.nullable(),
  created_at: Timestamp,
  photo_uri: z.string().nullable(),
  company: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  roles: z.array(Named),
  permissions: z.array(Named),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What the caller may do to this user, so the UI offers exactly what the server allows. */
  abilities: z.object({ edit: z.boolean(), change_status: z.boolean() }),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const UserListQuery = PageQuery.extend({
  search: z.string().trim().max(255).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'PENDING']).optional(),
});
export const UserList = paginated(AdminUser);
export type UserList = z.infer<typeof UserList>;

export const CreateUserBody = z
  .strictObject({
    first_name: PersonName,
    last_name: PersonName,
    email: Email,
    password: Password,
    password_confirmation: z.string(),
    roles: RoleNames.min(1),
    brands: BrandIds.default([]),
    permissions: PermissionNames.default([]),
    status: Status.default('ACTIVE'),
    lang: Lang.default('en'),
    company: OptionalText,
    country: OptionalText,
    phone: OptionalText,
    position: OptionalText,
  })
  .superRefine(confirmPassword);
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const EditUserBody = z.strictObject({
  first_name: PersonName.optional(),
  last_name: PersonName.optional(),
  email: Email.optional(),
  lang: Lang.optional(),
  company: OptionalText,
  country: OptionalText,
  phone: OptionalText,
  position: OptionalText,
  roles: RoleNames.min(1).optional(),
  permissions: PermissionNames.optional(),
  brands: BrandIds.optional(),
});
export type EditUserBody = z.input<typeof EditUserBody>;

/** Without a status the change toggles ACTIVE ↔ INACTIVE. */
export const StatusChangeBody = z.strictObject({ status: Status.optional() }).optional();

export const UserResponse = z.object({ user: AdminUser });
