import { TWO_FACTOR_CHALLENGE_MINUTES } from '@brandvault/contract';
import type { LoginTwoFactorStep } from '@brandvault/contract';
import { hmac, safeEqual, sha256 } from '../../lib/crypto.js';

type Step = LoginTwoFactorStep['two_factor'];
const TTL_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60_000;

/** Ties a challenge to the password it followed: a password change ends the sign-ins under way. */
const passwordMark = (passwordHash: string | null) => sha256(passwordHash ?? '').slice(0, 16);

/**
 * The signed, short-lived proof that a password was right, carried between the sign-in steps; it
 * is not a session: it only lets the caller give a code (`code`) or set two-factor up (`setup`).
 */
export function signChallenge(
  appKey: string,
  user: { id: number; password_hash: string | null },
  step: Step,
  now: Date,
): string {
  const body = `${step}.${user.id}.${now.getTime() + TTL_MS}.${passwordMark(user.password_hash)}`;
  return `${Buffer.from(body).toString('base64url')}.${hmac(appKey, `two-factor-challenge|${body}`)}`;
}

/** The user id a challenge was made for, when its signature, step and age are right; else null. */
export function readChallenge(appKey: string, challenge: string, step: Step, now: Date) {
  const [encoded, signature] = challenge.split('.');
  if (!encoded || !signature) return null;
  const body = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!safeEqual(signature, hmac(appKey, `two-factor-challenge|${body}`))) return null;
  const [s, id, expires, mark] = body.split('.');
  if (s !== step || Number(expires) < now.getTime()) return null;
  const userId = Number(id);
  if (!Number.isSafeInteger(userId)) return null;
  return { userId, fits: (passwordHash: string | null) => mark === passwordMark(passwordHash) };
}
