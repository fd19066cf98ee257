/** One picture placed in a justified row. */
export interface Placed<T> {
  item: T;
  width: number;
  height: number;
}

export interface Row<T> {
  height: number;
  items: Placed<T>[];
  /** The last row, left at the target height rather than stretched to the full width. */
  partial: boolean;
}

/** Width over height, kept between a tall portrait and a panorama so no tile becomes a sliver. */
export function aspectOf(width: number | null | undefined, height: number | null | undefined): number {
  if (!width || !height || width <= 0 || height <= 0) return 1;
  return Math.min(3, Math.max(0.5, width / height));
}

/**
 * Justified rows (as Google Photos and Flickr lay out pictures): rows of equal height, each
 * picture as wide as its aspect ratio says, every full row exactly `width` wide. Items are added
 * to a row until it would be at least `width` wide at `target` height; the row's height is then
 * scaled down to fit. Widths are rounded, and the rounding is given to the last tile so rows end flush.
 */
export function justify<T>(
  items: readonly T[],
  aspect: (item: T) => number,
  { width, target, gap }: { width: number; target: number; gap: number },
): Row<T>[] {
  const rows: Row<T>[] = [];
  if (width <= 0) return rows;
  let row: { item: T; aspect: number }[] = [];
  let sum = 0;
  const close = (partial: boolean) => {
    const gaps = gap * (row.length - 1);
    // A full row's height makes its widths add up to the container; a partial one keeps the target.
    const height = partial ? target : Math.max(1, (width - gaps) / sum);
    const placed = row.map((r) => ({ item: r.item, width: Math.max(1, Math.round(r.aspect * height)), height }));
    if (!partial) {
      const used = placed.reduce((s, p) => s + p.width, 0) + gaps;
      placed[placed.length - 1]!.width += width - used;
    }
    rows.push({ height: Math.round(height), items: placed, partial });
    row = [];
    sum = 0;
  };
  for (const item of items) {
    const a = aspect(item);
    row.push({ item, aspect: a });
    sum += a;
    if (sum * target + gap * (row.length - 1) >= width) close(false);
  }
  if (row.length) close(true);
  return rows;
}
