import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../permissions.js';
import {
  Email,
  Id,
  IdNumber,
  LangSchema as Lang,
  Named,
  OptionalText,
  PageQuery,
  PersonName,
  StatusSchema as Status,
  Timestamp,
  confirmPassword,
  paginated,
  text,
} from './common.js';
import { passwordFields, personDetailFields, personFields } from './person.js';

export const RoleNames = z.array(z.enum(ROLES)).max(ROLES.length);
export const PermissionNames = z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length);
export const BrandIds = z.array(IdNumber).max(1000);

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
  /** Until when sign-in is locked after too many failed attempts (null: not locked). */
  locked_until: Timestamp.nullable(),
  /** What the caller may do to this user, so the UI offers exactly what the server allows. */
  abilities: z.object({ edit: z.boolean(), change_status: z.boolean(), unlock: z.boolean() }),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const UserListQuery = PageQuery.extend({
  search: text().trim().max(255).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'PENDING']).optional(),
  role: z.enum(ROLES).optional(),
  brand: Id.optional(),
});
export const UserList = paginated(AdminUser);
export type UserList = z.infer<typeof UserList>;

export const CreateUserBody = z
  .strictObject({
    ...personFields,
    ...passwordFields,
    roles: RoleNames.min(1),
    brands: BrandIds.default([]),
    permissions: PermissionNames.default([]),
    status: Status.default('ACTIVE'),
    lang: Lang.default('en'),
    ...personDetailFields,
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

/** Approving may grant the new user's roles and brands in the same step (same grant rules as an edit). */
export const ApproveUserBody = z
  .strictObject({ roles: RoleNames.min(1).optional(), brands: BrandIds.optional() })
  .optional();
export type ApproveUserBody = z.input<typeof ApproveUserBody>;

/** Without a status the change toggles ACTIVE ↔ INACTIVE. */
export const StatusChangeBody = z.strictObject({ status: Status.optional() }).optional();

export const UserResponse = z.object({ user: AdminUser });
