import * as client from 'openid-client';
import { createRemoteJWKSet } from 'jose';

/** What discovery needs of a provider: where it is, who we are, and when its settings changed. */
export interface ProviderKey {
  id: number;
  issuer: string;
  client_id: string;
  updated_at: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const TIMEOUT_SECONDS = 5;

/** A loopback issuer: plain HTTP is allowed for it alone (tests and local development). */
export const isLoopbackIssuer = (issuer: string) => {
  try {
    return LOOPBACK.has(new URL(issuer).hostname);
  } catch {
    return false;
  }
};

type Entry = { config: client.Configuration; at: number; jwks?: ReturnType<typeof createRemoteJWKSet> };
const cache = new Map<string, Entry>();
const keyOf = (p: ProviderKey) => `${p.id}|${p.issuer}|${p.client_id}|${p.updated_at}`;

/**
 * The provider's discovered configuration, kept for an hour per provider and settings (a failed
 * discovery is not kept, so the next sign-in tries again). Throws when the issuer does not answer.
 */
export async function discover(p: ProviderKey, secret: string | null, now: number): Promise<client.Configuration> {
  const key = keyOf(p);
  const kept = cache.get(key);
  if (kept && now - kept.at < DISCOVERY_TTL_MS) return kept.config;
  const url = new URL(p.issuer);
  // openid-client refuses http issuers; only a loopback one may use it, never a remote host.
  const insecure = url.protocol === 'http:' && isLoopbackIssuer(p.issuer);
  const config = await client.discovery(
    url,
    p.client_id,
    secret ?? undefined,
    secret ? client.ClientSecretPost(secret) : client.None(),
    { timeout: TIMEOUT_SECONDS, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
  );
  for (const k of cache.keys()) if (k.startsWith(`${p.id}|`)) cache.delete(k);
  cache.set(key, { config, at: now });
  return config;
}

/** The provider's signing keys (fetched and refreshed by jose), for back-channel logout tokens. */
export function jwksOf(p: ProviderKey, config: client.Configuration) {
  const entry = cache.get(keyOf(p));
  if (entry?.jwks) return entry.jwks;
  const uri = config.serverMetadata().jwks_uri;
  if (!uri) throw new Error('the provider publishes no jwks_uri');
  const jwks = createRemoteJWKSet(new URL(uri), { timeoutDuration: TIMEOUT_SECONDS * 1000 });
  if (entry) entry.jwks = jwks;
  return jwks;
}

/** Why discovery failed, in a line an administrator can act on (never a secret). */
export function discoveryReason(err: unknown): string {
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  const cause = e.cause?.code ?? e.cause?.message;
  return `${e.message ?? String(err)}${cause ? ` (${cause})` : ''}`.slice(0, 480);
}

export { client };
