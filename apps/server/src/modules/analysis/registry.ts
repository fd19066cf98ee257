import type { AnalysisKind } from '../../config/config.js';
import type { Repos } from '../../deps/repos.js';
import type { UnitOfWork } from '../../deps/deps.js';
import { analyseAsset } from '../visuals/visuals.analyse.js';
import { analyseText } from '../text/text.analyse.js';
import { analyseObjects } from '../labels/labels.analyse.js';
import { analyseFaces } from '../people/people.analyse.js';
import type { AnalysisDeps } from './switch/analysisSwitch.js';

/** How far one analysis got in a brand: its files by the state of their latest version's result. */
export interface AnalysisCounts {
  done: number;
  pending: number;
  failed: number;
  skipped: number;
}

/**
 * One analysis (issue 42 §6): the brand's files it has no current result for, and how to analyse
 * one file's revision (storing done, skipped or failed itself; null when the file moved on).
 * `counts` is optional: without it the settings screen shows only what is pending.
 */
export interface AnalysisEntry {
  kind: AnalysisKind;
  missing(repos: Repos, brandId: number): Promise<{ id: number; derivative_rev: number }[]>;
  analyse(deps: AnalysisDeps, assetId: number, rev: number): Promise<{ state: string } | null>;
  counts?(repos: Repos, brandId: number): Promise<AnalysisCounts>;
}

/** Every analysis the backfill and the settings screen know, in the order the backfill runs them. */
export const ANALYSES: readonly AnalysisEntry[] = [
  { kind: 'text', missing: (repos, brandId) => repos.text.missing(brandId), analyse: analyseText },
  { kind: 'objects', missing: (repos, brandId) => repos.labels.missing(brandId), analyse: analyseObjects },
  { kind: 'faces', missing: (repos, brandId) => repos.people.missing(brandId), analyse: analyseFaces },
  {
    kind: 'colours',
    missing: (repos, brandId) => repos.visuals.missing(brandId),
    analyse: analyseAsset,
    counts: (repos, brandId) => repos.visuals.counts(brandId),
  },
];

/** An entry's counts, or only what is pending when it has no count of its own. */
export async function countsOf(entry: AnalysisEntry, repos: Repos, brandId: number): Promise<AnalysisCounts> {
  if (entry.counts) return entry.counts(repos, brandId);
  return { done: 0, failed: 0, skipped: 0, pending: (await entry.missing(repos, brandId)).length };
}

/**
 * Run in the settings' transaction when a brand's object threshold changes: the objects analysis
 * re-words its stored labels under the new threshold (no model run).
 */
export const onThresholdChange: ((u: UnitOfWork, brandId: number) => Promise<unknown>)[] = [
  (u, brandId) => u.enqueue('objects.rewords', { brand_id: brandId }, { dedupeKey: `objects.rewords:${brandId}` }),
];
