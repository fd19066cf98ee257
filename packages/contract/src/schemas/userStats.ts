import { z } from 'zod';
import { StatsDays } from './assetStats.js';
import { IdNumber } from './common.js';

/** `PUT ops/users/statistics` (§7): the people the caller may see, for the dashboard. */
export const UserStatsBody = z.strictObject({
  /** Only the users assigned to this brand (one the caller sees). */
  brand_id: IdNumber.optional(),
  /** Sign-ups and activity over this many days, today included. */
  days: StatsDays,
});
export const UserStats = z.object({
  total: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
  by_role: z.record(z.string(), z.number().int()),
  by_brand: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  /** Registrations waiting for an administrator. */
  pending_approval: z.number().int(),
  signups: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /**
   * The most active people over `days` in the brand (or the caller's brands): assets added and
   * downloaded, most first.
   */
  active: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      uploads: z.number().int(),
      downloads: z.number().int(),
    }),
  ),
});
export type UserStats = z.infer<typeof UserStats>;
