/**
 * Classes of `asset_search.hidden` (2026113001): 0 everyone of the brand, guests too; 1 members
 * only (PRIVATE, under a PRIVATE folder, expired or embargoed); 2 reviewers only (pending or
 * rejected uploads: their uploaders reach them through the review list, not search).
 */
export interface Sight {
  /** Sees class 1: holds `content.private`. */
  withPrivate: boolean;
  /** Sees class 2 as well: a reviewer (`asset.approve`) who sees private content. */
  withPending?: boolean | undefined;
  /** A visibility filter: PUBLIC is class 0, PRIVATE the classes above it. */
  visibility?: 'PUBLIC' | 'PRIVATE' | undefined;
}

/** The classes a query may see; every class (no condition needed) is [0, 1, 2]. */
export function hiddenClasses(f: Sight): number[] {
  const allowed = !f.withPrivate ? [0] : f.withPending ? [0, 1, 2] : [0, 1];
  if (!f.visibility) return allowed;
  return allowed.filter((h) => (f.visibility === 'PRIVATE' ? h > 0 : h === 0));
}

/** The classes as a condition's list: null when every class is seen, [-1] (nothing) when none is. */
export function hiddenIn(f: Sight): number[] | null {
  const h = hiddenClasses(f);
  return h.length === 3 ? null : h.length ? h : [-1];
}
