import { PRODUCT_NAME } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { seal } from '../../lib/crypto.js';
import { invalid } from '../../http/errors.js';
import type { Deps } from '../../deps/deps.js';
import { SETTING_KEYS } from '../setup/setup.repo.js';
import { enrolmentOf, newSecret, SECRET_SEAL } from './totp.js';

/**
 * A new secret, sealed with the app key, waiting for its first code; the answer is the only one
 * that ever shows it (with the QR code, issued in the organisation's name).
 */
export async function startEnrolment(
  deps: Pick<Deps, 'repos' | 'clock' | 'appKey'>,
  user: { id: number; email: string },
) {
  const { repos } = deps;
  const row = await repos.twoFactor.of(user.id);
  if (row?.enabled_at) throw invalid({ code: 'twoFactorOn' });
  const secret = newSecret();
  await repos.twoFactor.putPending(user.id, seal(deps.appKey, SECRET_SEAL, secret), iso(deps.clock.now()));
  const settings = await repos.setup.settings([SETTING_KEYS.orgName]);
  return enrolmentOf(secret, settings.get(SETTING_KEYS.orgName) ?? PRODUCT_NAME, user.email);
}
