import type { Db } from '../../db/index.js';
import { randomToken } from '../../lib/crypto.js';
import { authRepo } from '../auth/auth.repo.js';

/**
 * The key that signs templates' Meta sheets: kept in the database, so the API that exports and
 * the worker that imports (any process) share it without configuration.
 */
export async function reportKey(db: Db): Promise<string> {
  const auth = authRepo(db);
  const known = await auth.getSetting('report_key');
  if (known) return known;
  await auth.putSettingIfAbsent('report_key', randomToken(32));
  return (await auth.getSetting('report_key'))!;
}
