import { z } from 'zod';
import {
  Email,
  LangSchema as Lang,
  MenuItem,
  MenuSettings,
  Named,
  OptionalText,
  Password,
  PersonName,
  StatusSchema as Status,
  Timestamp,
  confirmPassword,
} from './common.js';
import { BrandSummary } from './brands.js';

export const SessionUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  lang: Lang,
  status: Status,
  verified_at: Timestamp.nullable(),
  photo_uri: z.string().nullable(),
  company: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  user_settings: z.object({ menu: z.array(MenuItem) }),
  roles: z.array(Named),
  brands: z.array(BrandSummary),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const Permission = Named;
export const EmulatorStatus = z.object({ isEmulating: z.boolean(), admin_id: z.number().int().nullable() });

export const MeResponse = z.object({
  session_user: SessionUser,
  permissions: z.array(Permission),
  emulator: EmulatorStatus,
});
export type MeResponse = z.infer<typeof MeResponse>;

export const LoginBody = z.strictObject({ email: Email, password: z.string().min(1).max(1024) });
export const LoginResponse = MeResponse.extend({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegisterBody = z
  .strictObject({
    first_name: PersonName,
    last_name: PersonName,
    email: Email,
    password: Password,
    password_confirmation: z.string(),
    company: OptionalText,
    country: OptionalText,
    phone: OptionalText,
    position: OptionalText,
    lang: Lang.optional(),
  })
  .superRefine(confirmPassword);
export type RegisterBody = z.input<typeof RegisterBody>;

export const EmailBody = z.strictObject({ email: Email });

/** Resend may be asked anonymously (by e-mail) or by the signed-in user (empty body). */
export const ResendVerificationBody = z.strictObject({ email: Email.optional() });

export const VerifyEmailBody = z.strictObject({
  id: z.coerce.number().int().positive(),
  hash: z.string().min(1).max(128),
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(128),
});

export const ResetPasswordBody = z
  .strictObject({
    token: z.string().min(1).max(256),
    email: Email,
    password: Password,
    password_confirmation: z.string(),
  })
  .superRefine(confirmPassword);

/** Exactly the profile fields a user may change about themselves; anything else is a 422. */
export const UpdateProfileBody = z.strictObject({
  first_name: PersonName.optional(),
  last_name: PersonName.optional(),
  email: Email.optional(),
  lang: Lang.optional(),
  company: OptionalText,
  country: OptionalText,
  phone: OptionalText,
  position: OptionalText,
  menu_settings: MenuSettings.optional(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;

export const UpdatePasswordBody = z
  .strictObject({
    current_password: z.string().min(1).max(1024),
    password: Password,
    password_confirmation: z.string(),
  })
  .superRefine(confirmPassword);

export const BoolAnswer = z.boolean();
