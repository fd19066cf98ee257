import { blockText } from '@brandvault/contract';
import type { GuidelineContent } from '@brandvault/contract';
import { foldAccents } from '../../db/fold.js';

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 180;

/** Text compared case- and accent-blind, the way the asset search folds it. */
const fold = (s: string) => foldAccents(s.toLowerCase());

/** The words of a query, folded; empty words dropped. */
export const searchTerms = (q: string) => fold(q).split(/\s+/).filter(Boolean);

/** A page's title and the words of its blocks, one string each. */
const textsOf = (c: GuidelineContent) => [c.title, ...c.blocks.map(blockText).filter((t) => t.trim() !== '')];

/**
 * How a version of a page matches every term: 2 when the title holds one of them (shown first),
 * 1 for the text only, 0 for no match; with an excerpt around the first term found.
 */
export function matchContent(c: GuidelineContent, terms: string[]): { rank: number; snippet: string } {
  const texts = textsOf(c);
  const folded = texts.map(fold);
  const all = folded.join('\n');
  if (!terms.length || !terms.every((t) => all.includes(t))) return { rank: 0, snippet: '' };
  const inTitle = terms.some((t) => folded[0]!.includes(t));
  // The excerpt comes from the first block holding a term, the title only when no block does.
  for (let i = 1; i < texts.length; i++) {
    const at = Math.min(...terms.map((t) => folded[i]!.indexOf(t)).filter((n) => n >= 0));
    if (Number.isFinite(at)) return { rank: inTitle ? 2 : 1, snippet: excerpt(texts[i]!, folded[i]!, at) };
  }
  return { rank: 2, snippet: texts[1]?.slice(0, SNIPPET_LENGTH).trim() ?? '' };
}

/** About SNIPPET_LENGTH characters of `text` around `at`, cut at spaces, with an ellipsis where cut. */
function excerpt(text: string, folded: string, at: number) {
  // Folding keeps one character per character except for rare letters; then the excerpt starts at the top.
  const pos = folded.length === text.length ? at : 0;
  let start = Math.max(0, pos - SNIPPET_BEFORE);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = text.lastIndexOf(' ', end) > pos ? text.lastIndexOf(' ', end) : end;
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '… ' : ''}${body}${end < text.length ? ' …' : ''}`;
}
