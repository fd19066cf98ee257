import type { Db } from '../../db/index.js';
import { randomToken } from '../../lib/crypto.js';
import { makeRepos } from '../../repos.js';

/**
 * The key that signs templates' Meta sheets: kept in the database, so the API that exports and
 * the worker that imports (any process) share it without configuration.
 */
export async function reportKey(db: Db): Promise<string> {
  const repos = makeRepos(db);
  const known = await repos.auth.getSetting('report_key');
  if (known) return known;
  await repos.auth.putSettingIfAbsent('report_key', randomToken(32));
  return (await repos.auth.getSetting('report_key'))!;
}
