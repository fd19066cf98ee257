import type { Repos } from '../../deps/repos.js';
import { randomToken } from '../../lib/crypto.js';

/**
 * The key that signs templates' Meta sheets: kept in the database, so the API that exports and
 * the worker that imports (any process) share it without configuration.
 */
export async function reportKey(repos: Pick<Repos, 'auth'>): Promise<string> {
  const auth = repos.auth;
  const known = await auth.getSetting('report_key');
  if (known) return known;
  await auth.putSettingIfAbsent('report_key', randomToken(32));
  return (await auth.getSetting('report_key'))!;
}
