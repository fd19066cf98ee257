import { describe, expect, it } from 'vitest';
import { aspectOf, justify } from './justify';

const widths = (rows: ReturnType<typeof justify<number>>) => rows.map((r) => r.items.map((p) => p.width));

describe('justify', () => {
  it('fills each full row to the width at one height, and leaves the last row at the target', () => {
    // Aspects 1, 2, 1, 1.5, 0.5 at target 100 in 400 px with 10 px gaps.
    const rows = justify([1, 2, 1, 1.5, 0.5], (a) => a, { width: 400, target: 100, gap: 10 });
    expect(rows).toHaveLength(2);
    const [first, last] = rows;
    // 1 + 2 + 1 = 4 → 400 px + 20 px of gaps ≥ 400: height (400 - 20) / 4 = 95.
    expect(first!.height).toBe(95);
    expect(first!.items.reduce((s, p) => s + p.width, 0) + 20).toBe(400);
    expect(widths(rows)[0]).toEqual([95, 190, 95]);
    expect(last).toMatchObject({ height: 100, partial: true });
    expect(widths(rows)[1]).toEqual([150, 50]);
  });

  it('gives each row the rounding so rows end flush', () => {
    const rows = justify([1.3, 1.7, 0.9, 1.1, 1.4, 0.8, 1.5], (a) => a, { width: 357, target: 120, gap: 4 });
    for (const r of rows.filter((x) => !x.partial))
      expect(r.items.reduce((s, p) => s + p.width, 0) + 4 * (r.items.length - 1)).toBe(357);
  });

  it('places nothing without a width, and a single very wide picture alone on its row', () => {
    expect(justify([1], () => 1, { width: 0, target: 100, gap: 4 })).toEqual([]);
    const rows = justify([3, 1], (a) => a, { width: 200, target: 100, gap: 4 });
    expect(rows[0]!.items).toHaveLength(1);
    expect(rows[0]!.items[0]!.width).toBe(200);
  });

  it('reads aspects from dimensions, with a square for unknown ones and limits for extremes', () => {
    expect(aspectOf(1600, 900)).toBeCloseTo(16 / 9);
    expect(aspectOf(null, 900)).toBe(1);
    expect(aspectOf(100, 1000)).toBe(0.5);
    expect(aspectOf(5000, 100)).toBe(3);
  });
});
