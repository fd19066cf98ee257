const DAY_MS = 86_400_000;

/** Days, begun ones counted, until the recurring purge deletes the entry (0 once it is due). */
export function daysLeft(purgeAt: string, now = Date.now()) {
  return Math.max(0, Math.ceil((Date.parse(purgeAt) - now) / DAY_MS));
}
