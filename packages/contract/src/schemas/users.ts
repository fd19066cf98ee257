import { z } from 'zod';
import { NAME_MAX } from '../core/constants.js';
import { PERMISSIONS } from '../core/permissions.js';
import { RoleNameSchema } from './roles.js';
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
import { Crop } from './brands.js';
import { passwordFields, personDetailFields, personFields } from './person.js';

/** The most roles one user holds. */
export const ROLES_MAX_PER_USER = 20;
/** Role names: the seeded ones and any made on the roles screen (the server checks they exist). */
export const RoleNames = z
  .array(RoleNameSchema)
  .max(ROLES_MAX_PER_USER)
  .refine((names) => new Set(names).size === names.length, { params: { key: 'duplicateItems' } });
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
  /** The last sign-in (null: never signed in). */
  last_login_at: Timestamp.nullable(),
  photo_uri: z.string().nullable(),
  /** The same photo as a small square for avatars (null without a photo). */
  photo_thumb_uri: z.string().nullable(),
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
  abilities: z.object({
    edit: z.boolean(),
    change_status: z.boolean(),
    unlock: z.boolean(),
    /** Set or remove their profile photo: themselves, or someone the caller manages. */
    photo: z.boolean(),
  }),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const UserListQuery = PageQuery.extend({
  search: text().trim().max(255).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'PENDING']).optional(),
  role: RoleNameSchema.optional(),
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

/**
 * An invitation: the account is made active with the roles and brands given, and its owner gets an
 * e-mail with a link to choose their password (no password travels through the administrator).
 * Without a name the address's local part stands in until they change it on their profile.
 */
export const InviteUserBody = z.strictObject({
  email: Email,
  first_name: PersonName.optional(),
  last_name: text().trim().max(NAME_MAX).optional(),
  roles: RoleNames.min(1),
  brands: BrandIds.default([]),
  lang: Lang.optional(),
});
export type InviteUserBody = z.input<typeof InviteUserBody>;

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
  /** The same rules as the status change: never one's own, never an administrator's unless one is. */
  status: Status.optional(),
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

/** What the caller may hand out when creating or editing a user (users.policy on the server). */
export const UserGrantable = z.object({
  roles: z.array(z.string()),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type UserGrantable = z.infer<typeof UserGrantable>;

/** The largest profile photo accepted: a larger file is a 422 on `photo`. */
export const USER_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The squares a profile photo is stored as, in pixels: the picture and the avatar thumbnail. */
export const USER_PHOTO_SIZES = { photo: 512, thumb: 128 } as const;

/** Multipart: the image under the file field `photo`, no other fields. */
export const UserPhotoUploadBody = z.strictObject({});
/** An uploaded photo, waiting to be framed and set with `userPhotoUpdate` (kept a day at most). */
export const UserPhotoUpload = z.object({ photo: z.object({ id: z.number().int() }) });
export type UserPhotoUpload = z.infer<typeof UserPhotoUpload>;
export const UserPhotoParams = z.object({ id: Id, photoId: Id });
/**
 * The square to keep, in pixels of the upright upload; without it the centre square. A crop that
 * is not quite square is trimmed to one around its centre.
 */
export const UserPhotoUpdateBody = z.strictObject({ crop: Crop.optional() }).optional();
