import type { Config } from '../../config/config.js';
import type { Repos } from '../../deps/repos.js';
import { seal } from '../../lib/secretBox.js';

/**
 * Keeps the provider of the OIDC_* variables as a row (created at the first start, its settings
 * refreshed at each): sign-in and back-channel logout then treat it like any other. Its claim
 * mapping and its switch stay the screen's.
 */
export async function syncEnvProvider(repos: Repos, config: Pick<Config, 'oidc'>, appKey: string, now: string) {
  const env = config.oidc;
  const row = await repos.sso.envProvider();
  if (!env) {
    // The variables were removed: the provider stops offering sign-in, its identities are kept.
    if (row && Number(row.enabled) === 1) await repos.sso.updateProvider(row.id, { enabled: 0, updated_at: now });
    return;
  }
  const settings = {
    label: env.label,
    issuer: env.issuer,
    client_id: env.clientId,
    client_secret: env.clientSecret ? seal(appKey, env.clientSecret) : null,
    scopes: env.scopes,
    allow_signup: env.allowSignup ? 1 : 0,
    allowed_domains: JSON.stringify(env.allowedDomains),
    preapproved_domains: JSON.stringify(env.preapprovedDomains),
    updated_at: now,
  };
  if (row) await repos.sso.updateProvider(row.id, settings);
  else
    await repos.sso.insertProvider({
      ...settings,
      claim_mapping: null,
      enabled: 1,
      from_env: 1,
      status: 'unchecked',
      status_reason: null,
      checked_at: null,
      created_at: now,
    });
}
