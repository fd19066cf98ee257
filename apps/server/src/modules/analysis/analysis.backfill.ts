import type { AnalysisKind } from '../../config/config.js';
import { ANALYSES } from './registry.js';
import type { AnalysisDeps } from './switch/analysisSwitch.js';

/**
 * The brand's files missing a current result of each analysis the installation and the brand
 * run (`only`: just these kinds), analysed one file at a time with progress over all of them.
 * A re-run after a crash picks up where it stopped, since finished files are no longer missing.
 */
export async function backfillBrand(
  deps: AnalysisDeps,
  brandId: number,
  opts: {
    only?: readonly AnalysisKind[];
    progress: (done: number, of: number) => Promise<void>;
    signal: AbortSignal;
  },
) {
  const settings = await deps.repos.analysis.settings(brandId);
  const runs = ANALYSES.filter(
    (e) => (!opts.only || opts.only.includes(e.kind)) && deps.config.analysis.includes(e.kind) && settings[e.kind],
  );
  // File by file, every missing analysis of a file in turn: its objects and faces then share one
  // model run (analysis/humanOnce.ts), and a file's results arrive together.
  const files = new Map<number, { rev: number; entries: typeof runs }>();
  for (const entry of runs)
    for (const f of await entry.missing(deps.repos, brandId)) {
      const file = files.get(f.id) ?? { rev: f.derivative_rev, entries: [] };
      file.entries.push(entry);
      files.set(f.id, file);
    }
  const total = [...files.values()].reduce((n, f) => n + f.entries.length, 0);
  const counts: Record<string, Record<string, number>> = {};
  for (const entry of runs) counts[entry.kind] = {};
  let done = 0;
  for (const id of [...files.keys()].sort((a, b) => a - b)) {
    const file = files.get(id)!;
    for (const entry of file.entries) {
      if (opts.signal.aborted) throw new Error('analysis backfill stopped');
      const r = await entry.analyse(deps, id, file.rev);
      const mine = counts[entry.kind]!;
      if (r) mine[r.state] = (mine[r.state] ?? 0) + 1;
      await opts.progress(++done, total);
    }
  }
  if (!total) await opts.progress(0, 0);
  return { total, ...counts };
}

/** How many files a backfill would analyse now, for the answer that starts it. */
export async function backfillTotal(
  deps: Pick<AnalysisDeps, 'repos' | 'config'>,
  brandId: number,
  only?: readonly AnalysisKind[],
) {
  const settings = await deps.repos.analysis.settings(brandId);
  let total = 0;
  for (const e of ANALYSES)
    if ((!only || only.includes(e.kind)) && deps.config.analysis.includes(e.kind) && settings[e.kind])
      total += (await e.missing(deps.repos, brandId)).length;
  return total;
}
