import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX } from '@brandvault/contract';
import { randomToken, sha256 } from '../../lib/crypto.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_BYTES = 32;
/** 32 bytes in base64url without padding. */
const RANDOM_CHARS = 43;
const CHECK_CHARS = 6;
const SHAPE = new RegExp(`^${API_KEY_PREFIX}([A-Za-z0-9_-]{${RANDOM_CHARS}})([0-9A-Za-z]{${CHECK_CHARS}})$`);

/** CRC32 of the random part in 6 base62 characters, like GitHub's tokens: scanners verify it offline. */
function checksum(random: string) {
  let n = crc32(random);
  let out = '';
  for (let i = 0; i < CHECK_CHARS; i += 1) {
    out = BASE62[n % 62]! + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** A new key: the secret (shown once), the hash stored, and its last 4 characters. */
export function newApiKey() {
  const random = randomToken(RANDOM_BYTES);
  const secret = `${API_KEY_PREFIX}${random}${checksum(random)}`;
  return { secret, hash: sha256(secret), last4: secret.slice(-4) };
}

/** The hash to look a presented key up by, or null when its shape or checksum is wrong. */
export function apiKeyHash(bearer: string): string | null {
  const m = SHAPE.exec(bearer);
  if (!m || checksum(m[1]!) !== m[2]) return null;
  return sha256(bearer);
}
