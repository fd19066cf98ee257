import type { ShareExpiryUnit } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';

const UNIT_MS: Record<Exclude<ShareExpiryUnit, 'never'>, number> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 7 * 86_400_000,
};

/** When a link made at `from` for `amount` `unit`s ends; null when it never does. */
export const linkExpiry = (from: Date, unit: ShareExpiryUnit, amount: number) =>
  unit === 'never' ? null : iso(new Date(from.getTime() + amount * UNIT_MS[unit]));
