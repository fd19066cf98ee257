import { LABELS } from '@brandvault/contract';
import type { LabelKey } from '@brandvault/contract';

/**
 * The lowest score a label is shown at, whatever the brand's threshold: a label a later version
 * no longer shows keeps its decision with score 0, and must never count as found.
 */
const FLOOR = 0.01;

/** The score a label must reach to be shown, searched and filtered by under `threshold`. */
export const shownFrom = (threshold: number) => Math.max(threshold, FLOOR);

/** Whether a label row counts as found: at or above the threshold, and not rejected. */
export const isShown = (row: { score: number; state: string }, threshold: number) =>
  row.state !== 'rejected' && row.score >= shownFrom(threshold);

/** The words search finds an asset by: each shown label's English and Spanish name. */
export function foundWordsOf(rows: { label: string; score: number; state: string }[], threshold: number): string {
  return rows
    .filter((r) => isShown(r, threshold) && r.label in LABELS)
    .flatMap((r) => {
      const names = LABELS[r.label as LabelKey];
      return names.en === names.es ? [names.en] : [names.en, names.es];
    })
    .join(' ');
}
