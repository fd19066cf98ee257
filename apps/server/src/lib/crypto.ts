import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe. Used for bearer tokens, reset tokens and XSRF values. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

export const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

const sealKey = (appKey: string, purpose: string) => createHash('sha256').update(`${purpose}|${appKey}`).digest();

/** AES-256-GCM with a key derived from the app key for one purpose: iv.tag.data, URL-safe. */
export function seal(appKey: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', sealKey(appKey, purpose), iv);
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The plain text of `seal`, or null when it was not sealed with this key and purpose. */
export function unseal(appKey: string, purpose: string, sealed: string): string | null {
  try {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const d = createDecipheriv('aes-256-gcm', sealKey(appKey, purpose), iv!);
    d.setAuthTag(tag!);
    return Buffer.concat([d.update(data!), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
