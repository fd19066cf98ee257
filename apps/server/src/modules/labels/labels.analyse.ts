import { TURNED_OFF } from '../analysis/switch/analysisSwitch.js';
import { labelKeyOf } from '@brandvault/contract';
import { PixelsUnreadable, humanOnce, humanPixels } from '../../analysis/humanOnce.js';
import { ModelUnavailable } from '../../analysis/models.js';
import type { AnalysisKind } from '../../config/config.js';
import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import { VISUALS_PIXEL_LIMIT } from '../../media/visuals.js';
import type { BlobStore } from '../../storage/index.js';
import type { Repos } from '../../deps/repos.js';
import { withLocalFile } from '../assets/localFile.js';
import type { ObjectsState } from './labels.repo.js';

export type ObjectsResult = { state: ObjectsState; reason: string | null; labels: number };

/**
 * Finds objects and scenes in one asset's current revision (issue 42 §2) and stores the outcome
 * with its labels (one per class, the best score of its boxes) and words for search. Reads the
 * preview when there is one. Never throws for a file or a model: a model that cannot load skips
 * the analysis, a file that cannot be read or a failed run fails it, each with the reason. An
 * asset moved on to a newer revision meanwhile is left to that revision's job (null).
 */
export async function analyseObjects(
  env: { repos: Repos; storage: BlobStore; clock: Clock; config: { analysis: readonly AnalysisKind[] } },
  assetId: number,
  rev: number,
): Promise<ObjectsResult | null> {
  const asset = await env.repos.assets.byId(assetId);
  if (!asset || asset.derivative_rev !== rev) return null;
  const settings = await env.repos.analysis.settings(asset.brand_id);
  const found = new Map<string, number>();
  let outcome: { state: ObjectsState; reason: string | null };
  const pixels = (asset.width ?? 0) * (asset.height ?? 0);
  if (!env.config.analysis.includes('objects') || !settings.objects) outcome = { state: 'skipped', reason: TURNED_OFF };
  else if (asset.type !== 'image') outcome = { state: 'skipped', reason: `not an image (${asset.type})` };
  else if (pixels > VISUALS_PIXEL_LIMIT)
    outcome = { state: 'skipped', reason: `too large: ${asset.width} × ${asset.height} pixels` };
  else {
    // The faces job of this revision will want the same run: one run answers both.
    const faces = env.config.analysis.includes('faces') && settings.faces;
    const key = asset.preview_key ?? asset.blob_key;
    outcome = await detect(`${assetId}:${rev}`, faces, () => withLocalFile(env.storage, key, readPixels), found);
  }
  await env.repos.labels.saveAnalysis({
    assetId,
    brandId: asset.brand_id,
    rev,
    ...outcome,
    found,
    threshold: settings.object_threshold,
    now: iso(env.clock.now()),
  });
  return { ...outcome, labels: found.size };
}

const readPixels = (path: string) => humanPixels(path, VISUALS_PIXEL_LIMIT);

/** Runs the model (or takes the faces job's run), filling `found` with each class's best score. */
async function detect(
  key: string,
  both: boolean,
  read: () => ReturnType<typeof readPixels>,
  found: Map<string, number>,
): Promise<{ state: ObjectsState; reason: string | null }> {
  try {
    const { result } = await humanOnce(key, 'objects', both, read);
    for (const o of result.objects) {
      const k = labelKeyOf(o.label);
      if (k && o.score > (found.get(k) ?? 0)) found.set(k, Math.round(o.score * 1000) / 1000);
    }
    return { state: 'done', reason: null };
  } catch (err) {
    found.clear();
    if (err instanceof PixelsUnreadable)
      return { state: 'failed', reason: `the image cannot be decoded: ${err.message}`.slice(0, 200) };
    const reason = (err as Error).message.slice(0, 200);
    return err instanceof ModelUnavailable ? { state: 'skipped', reason } : { state: 'failed', reason };
  }
}
