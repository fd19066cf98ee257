import { z } from 'zod';
import { PERMISSIONS } from '../core/permissions.js';
import { IdNumber, PageQuery, QueryInt, Timestamp, paginated, text } from './common.js';

/**
 * API keys (issue 41 §3): a person's keys for scripts and integrations. A key acts as its owner
 * with at most the scopes chosen (permission names), always within the owner's current rights.
 * The secret is `bv_` + 43 base64url characters (32 random bytes) + 6 base62 characters of a
 * CRC32 checksum, so secret scanners can recognise it; it is shown once.
 */
export const API_KEY_PREFIX = 'bv_';
export const API_KEY_NAME_MAX = 80;
/** The longest life a key may be given, in days (a key without expiry is allowed, with a warning). */
export const API_KEY_MAX_DAYS = 366 * 2;
/** How often the last use of a key is written, at most (reads stay reads). */
export const API_KEY_TOUCH_MINUTES = 5;

export const ApiKeyScopes = z
  .array(z.enum(PERMISSIONS))
  .min(1)
  .max(PERMISSIONS.length)
  .transform((s) => [...new Set(s)].sort());

export const ApiKeyBody = z.strictObject({
  name: text().trim().min(1).max(API_KEY_NAME_MAX),
  /** ISO-8601 instant in the future; null: the key never expires. */
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  scopes: ApiKeyScopes,
});
export type ApiKeyBody = z.input<typeof ApiKeyBody>;

export const ApiKey = z.object({
  id: IdNumber,
  name: z.string(),
  last4: z.string(),
  scopes: z.array(z.string()),
  expires_at: Timestamp.nullable(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
  /** active, expired or revoked, as of the answer. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** A key just made (or rotated): the only answer that ever carries its secret. */
export const ApiKeyCreated = z.object({ api_key: ApiKey, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const ApiKeyList = z.object({ items: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const ApiKeyAdminItem = ApiKey.extend({
  owner: z.object({ id: IdNumber, name: z.string(), email: z.string() }),
});
export type ApiKeyAdminItem = z.infer<typeof ApiKeyAdminItem>;

export const ApiKeyAdminQuery = PageQuery.extend({
  /** Only this user's keys. */
  user_id: QueryInt(1, 2_147_483_647).optional(),
  /** Only keys that still work. */
  active: z.enum(['true', 'false']).optional(),
});
export const ApiKeyAdminList = paginated(ApiKeyAdminItem);
export type ApiKeyAdminList = z.infer<typeof ApiKeyAdminList>;
