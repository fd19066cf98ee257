import { z } from 'zod';
import { Id, IdNumber, Password, text } from './common.js';

/**
 * Single sign-on with OpenID Connect (issue 41 §1). A provider's client secret is write-only: it
 * is taken on create and edit, and no answer ever carries it back (`has_secret` says it is set).
 */

/** A lower-case e-mail domain such as example.com. */
const Domain = text()
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/));
const Domains = z.array(Domain).max(50);

/** One rule of the claim mapping: when the claim holds this value, these roles and brands are given. */
export const ClaimRule = z.strictObject({
  value: text().trim().min(1).max(200),
  roles: z.array(text().trim().min(1).max(50)).max(20).default([]),
  brands: z.array(IdNumber).max(200).default([]),
});
export type ClaimRule = z.infer<typeof ClaimRule>;
export const ClaimMapping = z.strictObject({
  claim: text()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_:./-]+$/),
  rules: z.array(ClaimRule).max(50),
});
export type ClaimMapping = z.infer<typeof ClaimMapping>;

const Issuer = text()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/ }));
const Scopes = text()
  .trim()
  .max(500)
  .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/);

const providerFields = {
  label: text().trim().min(1).max(80),
  issuer: Issuer,
  client_id: text().trim().min(1).max(255),
  /** Write-only; on edit, absent keeps the stored one. */
  client_secret: text().min(1).max(1000),
  scopes: Scopes,
  allow_signup: z.boolean(),
  allowed_domains: Domains,
  preapproved_domains: Domains,
  claim_mapping: ClaimMapping.nullable(),
  enabled: z.boolean(),
};
export const ProviderBody = z.strictObject({
  ...providerFields,
  client_secret: providerFields.client_secret.optional(),
  scopes: Scopes.default('openid email profile'),
  allow_signup: z.boolean().default(false),
  allowed_domains: Domains.default([]),
  preapproved_domains: Domains.default([]),
  claim_mapping: ClaimMapping.nullable().default(null),
  enabled: z.boolean().default(true),
});
/** An edit names only what changes: no defaults, so an absent field keeps its value. */
export const ProviderUpdateBody = z.strictObject(providerFields).partial();

export const ProviderStatus = z.enum(['unchecked', 'ok', 'unreachable']);
export const ProviderView = z.object({
  id: z.number().int(),
  label: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  scopes: z.string(),
  allow_signup: z.boolean(),
  allowed_domains: z.array(z.string()),
  preapproved_domains: z.array(z.string()),
  claim_mapping: ClaimMapping.nullable(),
  enabled: z.boolean(),
  /** Set by environment variables: edited there, not on the screen. */
  from_env: z.boolean(),
  status: ProviderStatus,
  status_reason: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** The address to register at the provider as the redirect URI. */
  redirect_uri: z.string(),
  /** The address to register at the provider for back-channel logout. */
  logout_uri: z.string(),
});
export type ProviderView = z.infer<typeof ProviderView>;
export const ProviderList = z.object({ data: z.array(ProviderView) });

/** What the sign-in page needs: nothing but the button. */
export const PublicProviderList = z.object({ data: z.array(z.object({ id: z.number().int(), label: z.string() })) });

export const SsoStartQuery = z.object({ next: text().max(500).optional() });
/** The provider's answer comes back as query parameters, whatever they are; the flow checks them. */
export const SsoCallbackQuery = z.record(z.string(), z.unknown());

export const SsoCodeBody = z.strictObject({ code: text().min(20).max(200) });
export const SsoLinkInfo = z.object({ email: z.string(), provider: z.string() });
export const SsoLinkPasswordBody = z.strictObject({ code: text().min(20).max(200), password: Password });
export const SsoLinkMailBody = SsoCodeBody;
export const SsoLinkConfirmBody = SsoCodeBody;

export const SsoRoleView = z.object({
  id: z.number().int(),
  name: z.string(),
  sso_only: z.boolean(),
  locked: z.boolean(),
});
export const SsoRoleList = z.object({ data: z.array(SsoRoleView) });
export const SsoRoleBody = z.strictObject({ sso_only: z.boolean() });
export const SsoRoleParams = z.object({ id: Id });

export const DiscoveryResult = z.object({
  status: ProviderStatus,
  status_reason: z.string().nullable(),
  checked_at: z.string(),
});
