import { humanOnce, humanPixels } from '../../analysis/humanOnce.js';
import { ModelRunError, ModelUnavailable } from '../../analysis/models.js';
import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import type { AnalysisKind } from '../../config/config.js';
import { VISUALS_PIXEL_LIMIT } from '../../media/visuals.js';
import type { BlobStore } from '../../storage/index.js';
import type { Repos } from '../../deps/repos.js';
import { withLocalFile } from '../assets/localFile.js';
import { MIN_FACE_PX, MIN_FACE_SCORE, boxText, encodeDescriptor } from './people.faces.js';
import type { FoundFace } from './people.repo.js';

export type FacesResult = { state: 'done'; faces: number } | { state: 'skipped' | 'failed'; reason: string };

/** The face analysis' run: at most this long for one image on the analysis thread. */
const RUN_MS = 30_000;

/** The faces of a run (its own, or the one the objects job of this revision made for both). */
async function facesIn(key: string, both: boolean, read: () => ReturnType<typeof humanPixels>): Promise<FoundFace[]> {
  const { result, width, height } = await humanOnce(key, 'faces', both, read, RUN_MS);
  return result.faces
    .filter((f) => f.score >= MIN_FACE_SCORE && Math.min(f.box[2], f.box[3]) >= MIN_FACE_PX)
    .map((f) => ({
      box: boxText(f.box, width, height),
      score: Math.round(f.score * 1000) / 1000,
      descriptor: encodeDescriptor(f.embedding),
    }));
}

/**
 * Finds and groups the faces of one asset's revision and stores the outcome (done, skipped or
 * failed with the reason); never throws for a file or a model. Faces off for the installation
 * or the brand: skipped, "turned off". An asset moved on to a newer revision is left to that
 * revision's job (null).
 */
export async function analyseFaces(
  env: { repos: Repos; storage: BlobStore; clock: Clock; config: { analysis: readonly AnalysisKind[] } },
  assetId: number,
  rev: number,
): Promise<FacesResult | null> {
  const asset = await env.repos.assets.byId(assetId);
  if (!asset || asset.derivative_rev !== rev) return null;
  const settings = await env.repos.analysis.settings(asset.brand_id);
  const on = (env.config.analysis?.includes('faces') ?? true) && settings.faces;
  const pixels = (asset.width ?? 0) * (asset.height ?? 0);
  // The objects job of this revision will want the same run: one run answers both.
  const both = (env.config.analysis?.includes('objects') ?? true) && settings.objects && pixels <= VISUALS_PIXEL_LIMIT;
  const key = asset.preview_key ?? asset.blob_key;
  let result: FacesResult;
  let faces: FoundFace[] = [];
  if (!on) result = { state: 'skipped', reason: 'turned off' };
  else if (asset.type !== 'image') result = { state: 'skipped', reason: `not an image (${asset.type})` };
  else
    result = await facesIn(`${assetId}:${rev}`, both, () =>
      withLocalFile(env.storage, key, (p) => humanPixels(p, VISUALS_PIXEL_LIMIT)),
    ).then(
      (found): FacesResult => {
        faces = found;
        return { state: 'done', faces: found.length };
      },
      (err: Error): FacesResult =>
        err instanceof ModelUnavailable
          ? { state: 'skipped', reason: err.message.slice(0, 200) }
          : err instanceof ModelRunError
            ? { state: 'failed', reason: err.message.slice(0, 200) }
            : { state: 'failed', reason: `unreadable file: ${err.message}`.slice(0, 200) },
    );
  // Turned off meanwhile: storing faces would bring back what the switch deleted.
  if (result.state === 'done' && !(await env.repos.analysis.settings(asset.brand_id)).faces) {
    result = { state: 'skipped', reason: 'turned off' };
    faces = [];
  }
  if (!on) return result;
  await env.repos.people.saveAnalysis({
    assetId,
    brandId: asset.brand_id,
    rev,
    state: result.state,
    reason: result.state === 'done' ? null : result.reason,
    faces,
    now: iso(env.clock.now()),
  });
  return result;
}
