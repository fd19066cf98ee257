import { ClaimMapping } from '@brandvault/contract';
import type { ProviderView } from '@brandvault/contract';
import type { ProviderRow } from './sso.repo.js';

const list = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export function mappingOf(row: ProviderRow): ClaimMapping | null {
  if (!row.claim_mapping) return null;
  const parsed = ClaimMapping.safeParse(JSON.parse(row.claim_mapping));
  return parsed.success ? parsed.data : null;
}

export const allowedDomains = (row: ProviderRow) => list(row.allowed_domains);
export const preapprovedDomains = (row: ProviderRow) => list(row.preapproved_domains);

/** A provider for the administrators' screen: everything but the secret. */
export function providerView(row: ProviderRow, appUrl: string): ProviderView {
  return {
    id: row.id,
    label: row.label,
    issuer: row.issuer,
    client_id: row.client_id,
    has_secret: row.client_secret !== null,
    scopes: row.scopes,
    allow_signup: Number(row.allow_signup) === 1,
    allowed_domains: allowedDomains(row),
    preapproved_domains: preapprovedDomains(row),
    claim_mapping: mappingOf(row),
    enabled: Number(row.enabled) === 1,
    from_env: Number(row.from_env) === 1,
    status: row.status as ProviderView['status'],
    status_reason: row.status_reason,
    checked_at: row.checked_at,
    redirect_uri: `${appUrl}/api/sso/callback`,
    logout_uri: `${appUrl}/api/sso/backchannel-logout/${row.id}`,
  };
}
