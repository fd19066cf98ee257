/**
 * The seed's distributions, all drawn from one seeded generator: the same --seed writes the same
 * brand, as long as the draws come in the same order.
 */
export function distributions(rand: () => number) {
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pickUniform = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  /** Weighted picker: cumulative weights and a binary search. */
  function weighted<T>(items: readonly T[], weights: readonly number[]): () => T {
    const cum = new Float64Array(weights.length);
    let total = 0;
    weights.forEach((w, i) => (cum[i] = total += w));
    return () => {
      const x = rand() * total;
      let lo = 0;
      let hi = cum.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      return items[lo]!;
    };
  }
  const zipf = <T>(items: readonly T[], s: number) =>
    weighted(
      items,
      items.map((_, i) => 1 / (i + 1) ** s),
    );
  /** Log-normal, for file sizes. */
  const lognormal = (median: number, sigma: number) => {
    const u = Math.max(1e-12, rand());
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
    return Math.round(median * Math.exp(sigma * z));
  };
  return { int, pickUniform, weighted, zipf, lognormal };
}
export type Distributions = ReturnType<typeof distributions>;
