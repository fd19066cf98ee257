import type { Generated } from 'kysely';

/** Single sign-on (2026120102_sso). Booleans are 0/1; lists and the claim mapping are JSON text. */
export interface OidcProvidersTable {
  id: Generated<number>;
  label: string;
  issuer: string;
  client_id: string;
  /** Sealed with the app key (lib/secretBox.ts); never answered. */
  client_secret: string | null;
  scopes: string;
  allow_signup: number;
  allowed_domains: string;
  preapproved_domains: string;
  claim_mapping: string | null;
  enabled: number;
  from_env: number;
  status: string;
  status_reason: string | null;
  checked_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  issuer: string;
  sub: string;
  email: string | null;
  created_at: string;
  last_login_at: string | null;
}
/** One-time codes of the flow, as SHA-256 hashes: `signin` (web app hand-off) or `link` (proof). */
export interface SsoPendingTable {
  id: Generated<number>;
  kind: string;
  code_hash: string;
  mail_hash: string | null;
  user_id: number;
  provider_id: number;
  issuer: string;
  sub: string;
  email: string | null;
  claims: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface SsoSessionsTable {
  token_id: number;
  identity_id: number;
  sid: string | null;
}
