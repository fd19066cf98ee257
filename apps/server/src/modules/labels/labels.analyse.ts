import { TURNED_OFF } from '../analysis/switch/analysisSwitch.js';
import sharp from 'sharp';
import { labelKeyOf } from '@brandvault/contract';
import { detectHuman } from '../../analysis/thread.js';
import { ModelUnavailable } from '../../analysis/models.js';
import type { AnalysisKind } from '../../config/config.js';
import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import { VISUALS_PIXEL_LIMIT } from '../../media/visuals.js';
import type { BlobStore } from '../../storage/index.js';
import type { Repos } from '../../deps/repos.js';
import { withLocalFile } from '../assets/localFile.js';
import type { ObjectsState } from './labels.repo.js';

/** The long side the model gets: CenterNet finds as much at 1,000 px as on a 12 MP original. */
const LONG_SIDE = 1000;

export type ObjectsResult = { state: ObjectsState; reason: string | null; labels: number };

/** Raw RGB pixels of an image file, at most LONG_SIDE on the long side. */
async function pixelsOf(path: string) {
  const { data, info } = await sharp(path, { limitInputPixels: VISUALS_PIXEL_LIMIT })
    .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

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
  else outcome = await detect(env.storage, asset.preview_key ?? asset.blob_key, found);
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

/** Runs the model on the file at `key`, filling `found` with each class's best score. */
async function detect(storage: BlobStore, key: string, found: Map<string, number>) {
  let image: Awaited<ReturnType<typeof pixelsOf>>;
  try {
    image = await withLocalFile(storage, key, pixelsOf);
  } catch (err) {
    return { state: 'failed' as const, reason: `the image cannot be decoded: ${(err as Error).message}`.slice(0, 200) };
  }
  try {
    const r = await detectHuman(image.data, image.width, image.height, { objects: true, faces: false });
    for (const o of r.objects) {
      const k = labelKeyOf(o.label);
      if (k && o.score > (found.get(k) ?? 0)) found.set(k, Math.round(o.score * 1000) / 1000);
    }
    return { state: 'done' as const, reason: null };
  } catch (err) {
    found.clear();
    const reason = (err as Error).message.slice(0, 200);
    return err instanceof ModelUnavailable
      ? { state: 'skipped' as const, reason }
      : { state: 'failed' as const, reason };
  }
}
