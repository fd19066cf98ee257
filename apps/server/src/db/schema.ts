import type { Generated } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings on both dialects (they sort as text), and
 * counters that need 64 bits are numbers (PostgreSQL int8 is parsed to number at connect).
 */
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
  photo_uri: string | null;
  company: string | null;
  country: string | null;
  phone: string | null;
  position: string | null;
  menu_settings: string | null;
  created_at: string;
  updated_at: string;
}
export interface RolesTable {
  id: Generated<number>;
  name: string;
  created_at: string;
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
  image_uri: string | null;
  logo_uri: string | null;
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
export interface AppSettingsTable {
  key: string;
  value: string;
}

/** The job queue (jobs/). `payload` is JSON text; `dedupe_key` is unique when not null. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_permissions: UserPermissionsTable;
  brands: BrandsTable;
  user_brands: UserBrandsTable;
  access_tokens: AccessTokensTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  app_settings: AppSettingsTable;
  jobs: JobsTable;
}
