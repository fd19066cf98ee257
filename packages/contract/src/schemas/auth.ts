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
  Id,
  QueryInt,
  confirmPassword,
  text,
} from './common.js';
import { BrandSummary } from './brands.js';
import { Shortcut } from './shortcuts.js';
import { passwordFields, personDetailFields, personFields } from './person.js';

/**
 * Where the user stands with the onboarding tour (§2): it starts by itself on the brand chooser
 * only while both are null, wherever they sign in.
 */
export const TourState = z.object({ completed_at: Timestamp.nullable(), dismissed_at: Timestamp.nullable() });
export type TourState = z.infer<typeof TourState>;

export const TOUR_OUTCOMES = ['completed', 'dismissed'] as const;
export type TourOutcome = (typeof TOUR_OUTCOMES)[number];
/** How a tour ended: its last step was reached (`completed`) or the user stopped it (`dismissed`). */
export const TourBody = z.strictObject({ outcome: z.enum(TOUR_OUTCOMES) });
export type TourBody = z.input<typeof TourBody>;

/**
 * The home a user opens on choosing a brand: `brand` (/brand, folders first) or `gallery`
 * (/brand2, the brand's latest assets as a gallery).
 */
export const HOME_VIEWS = ['brand', 'gallery'] as const;
export const HomeView = z.enum(HOME_VIEWS);
export type HomeView = z.infer<typeof HomeView>;

export const SessionUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  lang: Lang,
  status: Status,
  verified_at: Timestamp.nullable(),
  photo_uri: z.string().nullable(),
  /** The same photo as a small square, for the navbar's avatar. */
  photo_thumb_uri: z.string().nullable(),
  company: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  user_settings: z.object({ menu: z.array(MenuItem), home: HomeView }),
  roles: z.array(Named),
  brands: z.array(BrandSummary),
  /** The user's shortcuts to assets and folders they can still see (§2 navbar, §3). */
  shortcuts: z.array(Shortcut),
  tour: TourState,
});
export type SessionUser = z.infer<typeof SessionUser>;

export const Permission = Named;
export const EmulatorStatus = z.object({ isEmulating: z.boolean(), admin_id: z.number().int().nullable() });

export const MeResponse = z.object({
  session_user: SessionUser,
  permissions: z.array(Permission),
  emulator: EmulatorStatus,
  /** The user's favourites collection: the navbar's My Favorites opens it (§2). */
  favorites_id: z.number().int(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const LoginBody = z.strictObject({ email: Email, password: text().min(1).max(1024) });
export const LoginResponse = MeResponse.extend({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegisterBody = z
  .strictObject({ ...personFields, ...passwordFields, ...personDetailFields, lang: Lang.optional() })
  .superRefine(confirmPassword);
export type RegisterBody = z.input<typeof RegisterBody>;

export const EmailBody = z.strictObject({ email: Email });

/** Resend may be asked anonymously (by e-mail) or by the signed-in user (empty body). */
export const ResendVerificationBody = z.strictObject({ email: Email.optional() });

export const VerifyEmailBody = z.strictObject({
  id: Id,
  hash: text().min(1).max(128),
  // Unix seconds: past 2038 they no longer fit an id.
  expires: QueryInt(1, 99_999_999_999),
  signature: text().min(1).max(128),
});

/** A reset link's two parts, checked before the page asks for a new password. */
export const ResetCheckBody = z.strictObject({
  token: text().min(1).max(256),
  email: Email,
});

export const ResetPasswordBody = z
  .strictObject({
    token: text().min(1).max(256),
    email: Email,
    password: Password,
    password_confirmation: text(),
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
  default_home: HomeView.optional(),
  /** Required when `email` changes: a stolen session alone cannot move the account elsewhere. */
  current_password: text().min(1).max(1024).optional(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;

export const UpdatePasswordBody = z
  .strictObject({
    current_password: text().min(1).max(1024),
    password: Password,
    password_confirmation: text(),
  })
  .superRefine(confirmPassword);

export const BoolAnswer = z.boolean();
