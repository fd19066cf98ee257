import type { ClaimMapping } from '@brandvault/contract';

/** The values a claim holds, whether the provider sends one string or a list (groups, roles). */
function valuesOf(claims: Record<string, unknown>, claim: string): string[] {
  const v = claims[claim];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return [];
}

/**
 * The roles and brands the mapping gives for these claims (the union of every rule whose value
 * the claim holds), or null when no rule matches: the person's grants are then left as they are.
 */
export function mapClaims(
  mapping: ClaimMapping | null,
  claims: Record<string, unknown>,
): { roles: string[]; brands: number[] } | null {
  if (!mapping) return null;
  const held = new Set(valuesOf(claims, mapping.claim));
  const hits = mapping.rules.filter((r) => held.has(r.value));
  if (!hits.length) return null;
  return {
    roles: [...new Set(hits.flatMap((r) => r.roles))],
    brands: [...new Set(hits.flatMap((r) => r.brands))],
  };
}
