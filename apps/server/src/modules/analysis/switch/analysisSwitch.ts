import type { AnalysisKind } from '../../../config/config.js';
import type { Repos } from '../../../deps/repos.js';
import type { Clock } from '../../../lib/clock.js';
import type { BlobStore } from '../../../storage/index.js';
import type { RunTx } from '../../../unitOfWork/unitOfWork.js';

/**
 * What an analysis needs to run in a job (issue 42 §6): reads, a transaction to store its result
 * with the words search finds the asset by, the blob store, the clock, and the analyses the
 * installation runs. A sub-folder of `analysis` so the analyses below the registry can use it.
 */
export interface AnalysisDeps {
  repos: Repos;
  tx: RunTx<Repos>;
  storage: BlobStore;
  clock: Clock;
  config: { analysis: readonly AnalysisKind[] };
}

/** The reason an analysis records when the installation or the brand has it off. */
export const TURNED_OFF = 'turned off';

/**
 * Whether the installation (ANALYSIS) and the brand both run `kind`: asked before anything is
 * read or any model is loaded, so an analysis that is off costs one settings read.
 */
export async function analysisRuns(deps: Pick<AnalysisDeps, 'repos' | 'config'>, brandId: number, kind: AnalysisKind) {
  if (!deps.config.analysis.includes(kind)) return false;
  return (await deps.repos.analysis.settings(brandId))[kind];
}
