import type { After } from './search.types.js';

/** Page ends kept per query: an infinite scroll of 50 a page reaches 20,000 matches with these. */
const MAX_ENDS = 400;

/**
 * Where earlier pages of one query and order ended, kept by the caller per search generation
 * (so no end outlives a change): the id of each full page's last match, by the number of
 * matches up to and including it. A later page starts after the nearest end before it instead
 * of counting its whole offset from the first match, so each page of an infinite scroll costs
 * about what the first did.
 */
export class PageEnds {
  private ends = new Map<number, number>();

  /** The nearest end at or before `offset` (matches passed, last id), or null. */
  nearest(offset: number): { passed: number; id: number } | null {
    let best: { passed: number; id: number } | null = null;
    for (const [passed, id] of this.ends) if (passed <= offset && passed > (best?.passed ?? 0)) best = { passed, id };
    return best;
  }

  /** Keeps where a page at `offset` ended, when it was full (a short page is the last). */
  record(offset: number, perPage: number, ids: number[]): number[] {
    const last = ids.at(-1);
    if (ids.length !== perPage || last === undefined) return ids;
    this.ends.delete(offset + perPage);
    this.ends.set(offset + perPage, last);
    if (this.ends.size > MAX_ENDS) this.ends.delete(this.ends.keys().next().value!);
    return ids;
  }
}

/**
 * Where a page at `offset` starts: `skip` matches after `after` (the nearest kept end, its sort
 * key read again), or `offset` matches from the first when there is none or its row is gone.
 */
export async function startOf(
  ends: PageEnds,
  offset: number,
  keyOf: (id: number) => Promise<string | null>,
): Promise<{ skip: number; after?: After }> {
  const end = ends.nearest(offset);
  const key = end && (await keyOf(end.id));
  return end && key !== null ? { skip: offset - end.passed, after: { key, id: end.id } } : { skip: offset };
}
