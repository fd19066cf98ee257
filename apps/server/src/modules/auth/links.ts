import { VERIFY_LINK_MINUTES } from '@brandvault/contract';
import { hmac, safeEqual, sha256 } from '../../lib/crypto.js';

/**
 * Signed, expiring e-mail verification links. The hash binds the link to the address it was sent
 * to, so changing the e-mail invalidates older links.
 */
export function verificationLink(appUrl: string, appKey: string, user: { id: number; email: string }, now: Date) {
  const hash = sha256(user.email).slice(0, 40);
  const expires = Math.floor(now.getTime() / 1000) + VERIFY_LINK_MINUTES * 60;
  const signature = hmac(appKey, `verify:${user.id}:${hash}:${expires}`);
  const q = new URLSearchParams({ id: String(user.id), hash, expires: String(expires), signature });
  return `${appUrl}/email/verify?${q.toString()}`;
}

export type LinkCheck = 'ok' | 'invalid' | 'expired';

export function checkVerification(
  appKey: string,
  v: { id: number; hash: string; expires: number; signature: string },
  email: string | undefined,
  now: Date,
): LinkCheck {
  if (!safeEqual(v.signature, hmac(appKey, `verify:${v.id}:${v.hash}:${v.expires}`))) return 'invalid';
  if (v.expires * 1000 < now.getTime()) return 'expired';
  if (!email || !safeEqual(v.hash, sha256(email).slice(0, 40))) return 'invalid';
  return 'ok';
}
