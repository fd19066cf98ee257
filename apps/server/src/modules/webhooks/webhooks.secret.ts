import { randomBytes } from 'node:crypto';
import { randomToken, seal, unseal } from '../../lib/crypto.js';

const PURPOSE = 'webhook-secret';
/** How long the previous secret still signs after a rotation, so receivers can switch over. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A delivery's `webhook-id`. */
export const newEventId = () => `msg_${randomToken(18)}`;

/** The secret sealed with the app key (AES-256-GCM), as stored. */
export const sealSecret = (appKey: string, secret: string) => seal(appKey, PURPOSE, secret);

/** The secret of a stored value, or null when the app key changed since (nothing can sign then). */
export const openSecret = (appKey: string, sealed: string) => unseal(appKey, PURPOSE, sealed);

/** The app key as the server has it: APP_KEY, or the one generated at first start and stored. */
export async function appKeyFrom(
  given: string | undefined,
  repos: { auth: { getSetting(key: string): Promise<string | undefined | null> } },
): Promise<string> {
  if (given) return given;
  const stored = await repos.auth.getSetting('app_key');
  if (!stored) throw new Error('no app key: the server has not started on this database yet');
  return stored;
}
