import { SHARE_PASS_MINUTES } from '@brandvault/contract';
import type { Clock } from '../../lib/clock.js';
import { iso } from '../../lib/clock.js';
import { hmac, safeEqual } from '../../lib/crypto.js';

/**
 * A pass to a link's files for this browser session: who holds it (0 signed out) and whether the
 * password was given, signed with the app key and bound to the link and its kind (`scope`), so a
 * share link's pass never opens a guidelines link of the same id.
 */
export function linkPasses(appKey: string, clock: Clock, scope: 'share' | 'guideline') {
  const sign = (linkId: number, body: string) => hmac(appKey, `${scope}-pass|${linkId}|${body}`);
  return {
    issue(linkId: number, viewerId: number, unlocked: boolean) {
      const exp = clock.now().getTime() + SHARE_PASS_MINUTES * 60_000;
      const body = `${viewerId}.${unlocked ? 1 : 0}.${exp}`;
      return { pass: `${body}.${sign(linkId, body)}`, expires_at: iso(new Date(exp)) };
    },
    read(linkId: number, pass: string | undefined) {
      const m = pass ? /^(\d{1,10})\.([01])\.(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(pass) : null;
      if (!m) return null;
      if (Number(m[3]) < clock.now().getTime()) return null;
      if (!safeEqual(m[4]!, sign(linkId, `${m[1]}.${m[2]}.${m[3]}`))) return null;
      return { viewerId: Number(m[1]), unlocked: m[2] === '1' };
    },
  };
}
