/** The brand a search runs in and its search generation when it started: the key of all it keeps. */
export interface Under {
  brandId: number;
  gen: number;
}

/** Reads a kept value, or makes and keeps it, under `key` and a brand's generation. */
export type Remember = <T>(key: string, gen: number, make: () => Promise<T>) => Promise<T>;

/**
 * What a search process keeps, each value under the generation it was made in, so nothing kept
 * outlives a change to the brand: kept answers (at most `entries`, least recently used out
 * first; none when 0) and plan inputs (keys starting "plan ", kept even then, at least 100).
 */
export function keptPerGeneration(entries: number): Remember {
  const kept = new Map<string, { gen: number; value: unknown }>();
  return async function remember<T>(key: string, gen: number, make: () => Promise<T>): Promise<T> {
    const hit = kept.get(key);
    if (!entries && !key.startsWith('plan ')) return make();
    if (hit && hit.gen === gen) {
      kept.delete(key); // most recently used goes last
      kept.set(key, hit);
      return hit.value as T;
    }
    const value = await make();
    kept.delete(key);
    kept.set(key, { gen, value });
    if (kept.size > Math.max(entries, 100)) kept.delete(kept.keys().next().value!);
    return value;
  };
}
