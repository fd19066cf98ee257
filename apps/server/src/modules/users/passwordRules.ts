import { invalid } from '../../http/errors.js';
import { isCommonPassword } from '../../lib/commonPasswords.js';

/** A new password that attackers try first is refused, with a message saying why. */
export function refuseCommonPassword(plain: string, field = 'password') {
  if (isCommonPassword(plain)) throw invalid({ [field]: 'common' });
}
