import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW, TWO_FACTOR_RECOVERY_CODES } from '@brandvault/contract';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../lib/crypto.js';

/** The app-key purpose TOTP secrets are sealed under (lib/crypto `seal`). */
export const SECRET_SEAL = 'two-factor-secret';

const totpOf = (secret: string, issuer = 'Brandvault', label = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret of 160 random bits, in base32 as authenticator apps take it. */
export const newSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI and its QR code (an SVG data URL) for an authenticator app. */
export async function enrolmentOf(secret: string, issuer: string, email: string) {
  const uri = totpOf(secret, issuer, email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a code belongs to when it is valid at `now` within ±1 step, else null. The caller
 * records the step so the same code is never accepted twice.
 */
export function stepOf(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz0123456789'.replace('1', '');
/** Ten recovery codes as shown (`abcde-fghij`, 50 random bits each) and their hashes. */
export function newRecoveryCodes() {
  const codes = Array.from({ length: TWO_FACTOR_RECOVERY_CODES }, () => {
    const chars = [...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => recoveryHash(c)) };
}
/** The stored form of a recovery code: dash, spaces and case do not matter. */
export const recoveryHash = (code: string) => sha256(`recovery|${code.replace(/[\s-]/g, '').toLowerCase()}`);
