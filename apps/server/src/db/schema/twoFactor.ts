import type { Generated } from 'kysely';

// Two-factor sign-in codes (2026120101_two_factor).

/**
 * One per user who started turning two-factor on: `secret_enc` is the TOTP secret sealed with the
 * app key; `enabled_at` null while the first code has not been confirmed; `last_step` the time
 * step of the last accepted code, so no code is accepted twice.
 */
export interface UserTwoFactorTable {
  user_id: number;
  secret_enc: string;
  enabled_at: string | null;
  last_step: number | null;
  created_at: string;
}

/** Recovery codes, stored as SHA-256 hashes; `used_at` once spent. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}
