// Scoring for the analysis quality bench: words for OCR, labels for objects, counts for faces,
// and the face similarity Human documents, so the figures say exactly what they count.

/**
 * Words as search would match them: Unicode NFD with combining marks dropped (á → a, ñ → n,
 * ü → u), lower case, split on anything that is not a letter or digit ("30%" → "30").
 */
export const normalWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The same split keeping accents: to count whether the model wrote "año" or "ano". */
export const exactWords = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Multiset overlap: a word expected twice and read once counts once. */
export function overlap(expected: readonly string[], found: readonly string[]) {
  const left = new Map<string, number>();
  for (const w of expected) left.set(w, (left.get(w) ?? 0) + 1);
  let hits = 0;
  for (const w of found) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      hits++;
      left.set(w, n - 1);
    }
  }
  return { hits, expected: expected.length, found: found.length };
}

export interface Tally {
  hits: number;
  expected: number;
  found: number;
}
export const emptyTally = (): Tally => ({ hits: 0, expected: 0, found: 0 });
export function add(t: Tally, o: Tally) {
  t.hits += o.hits;
  t.expected += o.expected;
  t.found += o.found;
}
const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 1000 : null);
export const pr = (t: Tally) => ({
  precision: ratio(t.hits, t.found),
  recall: ratio(t.hits, t.expected),
  ...t,
});

/**
 * `human.match.similarity` with its documented defaults (order 2, multiplier 25, range 0.2–0.8),
 * restated so the bench scores pairs without loading the model in its own thread; Human's docs
 * say a similarity above 0.5 can be taken as the same person.
 */
export function humanSimilarity(a: readonly number[], b: readonly number[]) {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  const dist = Math.round(100 * 25 * sum) / 100;
  if (dist === 0) return 1;
  const norm = (1 - Math.sqrt(dist) / 100 - 0.2) / (0.8 - 0.2);
  return Math.round(100 * Math.max(Math.min(norm, 1), 0)) / 100;
}
export const HUMAN_MATCH_THRESHOLD = 0.5;
