import { PERMISSIONS, ROLE_PERMISSIONS } from '@brandvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import { iso } from './lib/clock.js';
import type { Clock } from './lib/clock.js';
import { randomToken } from './lib/crypto.js';
import { hashPassword } from './lib/passwords.js';
import { DEFAULT_EXTENSIONS } from './media/index.js';
import type { Repos } from './deps/repos.js';
import { newUserRow } from './modules/users/userRow.js';

/**
 * Idempotent: roles and permissions are topped up on every start; the first administrator is
 * created only when the database has no users at all.
 */
export async function seed(repos: Repos, config: Config, clock: Clock, log: FastifyBaseLogger) {
  const now = iso(clock.now());
  await repos.roles.seed(ROLE_PERMISSIONS, PERMISSIONS, now);
  await repos.assets.seedExtensions(
    DEFAULT_EXTENSIONS.map((e) => ({ ext: e.ext, mime: e.mime, assetType: e.assetType })),
    now,
  );
  if ((await repos.users.count()) > 0) return;
  const password = config.adminPassword ?? randomToken(12);
  const id = await repos.users.insert(
    newUserRow({
      first_name: 'Admin',
      last_name: 'User',
      email: config.adminEmail,
      password_hash: await hashPassword(password),
      at: now,
      status: 'ACTIVE',
      verified_at: now,
      approved_at: now,
    }),
  );
  await repos.roles.setUserRoles(id, ['admin']);
  if (config.adminPassword) log.info({ email: config.adminEmail }, 'created the first administrator');
  // Printed once, on the first start only, when no ADMIN_PASSWORD was given.
  else
    log.warn(
      `first administrator created: ${config.adminEmail} / ${password} (shown once; change it after signing in)`,
    );
}

/** The key that signs XSRF cookies and e-mail links: APP_KEY, else one kept in the database. */
export async function appKeyOf(repos: Repos, config: Config): Promise<string> {
  if (config.appKey) return config.appKey;
  await repos.auth.putSettingIfAbsent('app_key', randomToken(32));
  return (await repos.auth.getSetting('app_key'))!;
}
