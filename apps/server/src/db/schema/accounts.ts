import type { Generated } from 'kysely';

// Accounts: people, roles and what they may do, brands, sign-in and its limits, settings.

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  lang: string;
  status: string;
  verified_at: string | null;
  approved_at: string | null;
  /** An address from the external photo provider (2026112613: a stored photo takes precedence). */
  photo_uri: string | null;
  /** The stored photo and its avatar thumbnail (2026112613_user_photos), both square WebP. */
  photo_key: string | null;
  photo_thumb_key: string | null;
  company: string | null;
  country: string | null;
  phone: string | null;
  position: string | null;
  menu_settings: string | null;
  created_at: string;
  updated_at: string;
  /** The last successful sign-in (2026112616_last_sign_in); emulation does not count. */
  last_login_at: Generated<string | null>;
  /** When the user completed and when they stopped the onboarding tour (2026112630_user_tour). */
  tour_completed_at: Generated<string | null>;
  tour_dismissed_at: Generated<string | null>;
  /** The home opened on choosing a brand (2026112660_default_home): 'brand' or 'gallery'. */
  default_home: Generated<string>;
}
export interface RolesTable {
  id: Generated<number>;
  name: string;
  created_at: string;
  /** 1 when the role's holders must sign in with a two-factor code (2026120101_two_factor). */
  requires_two_factor: Generated<number>;
  /** 1: the role's people sign in with single sign-on only (2026120102_sso; never the admin role). */
  sso_only: Generated<number>;
}
export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}
export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}
export interface UserRolesTable {
  user_id: number;
  role_id: number;
}
export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
}
export interface BrandsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  status: string;
  /** Unused since the library migration: pictures are blobs (image_key, logo_key). */
  image_uri: string | null;
  logo_uri: string | null;
  image_key: string | null;
  logo_key: string | null;
  /** Free text shown on the brand home (2026112640). */
  description: string | null;
  /** 1: uploads missing a required brand field are refused (2026112950). */
  require_fields_on_upload: Generated<number>;
  /** Days before the end of its rights an asset counts as expiring (2026113002). */
  expiry_warning_days: Generated<number>;
  /** `block`: members cannot download expired assets; `warn`: they may, after a warning. */
  expired_downloads: Generated<string>;
  /** `#rrggbb` its pages and e-mails outside carry, null for the product's own (2026120207). */
  accent_color: string | null;
  created_at: string;
  updated_at: string;
}
export interface UserBrandsTable {
  user_id: number;
  brand_id: number;
}
export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  emulator_id: number | null;
  created_at: string;
  last_used_at: string | null;
}
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}
export interface LoginThrottlesTable {
  email: string;
  failures: number;
  last_at: number;
  next_at: number;
  locked_until: number | null;
}
export interface AppSettingsTable {
  key: string;
  value: string;
}

/** One row (id 1): bumped with any change to roles, permissions or who holds them. */
export interface GrantGenerationTable {
  id: number;
  n: number;
}

/** A profile photo uploaded and not yet set (2026112613_user_photos); the original, unframed. */
export interface UserPhotoUploadsTable {
  id: Generated<number>;
  user_id: number;
  uploaded_by: number | null;
  original_key: string;
  created_at: string;
}
