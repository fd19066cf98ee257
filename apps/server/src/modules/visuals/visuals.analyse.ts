import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import { VISUALS_PIXEL_LIMIT, analyseVisuals, bands } from '../../media/visuals.js';
import type { VisualsResult } from '../../media/visuals.js';
import type { BlobStore } from '../../storage/index.js';
import type { Repos } from '../../deps/repos.js';
import { withLocalFile } from '../assets/localFile.js';

/**
 * Analyses one asset's current revision and stores the outcome (done, skipped or failed with the
 * reason). Reads the preview when there is one (small, already decoded once), else the original;
 * an asset moved on to a newer revision meanwhile is left to that revision's job.
 */
export async function analyseAsset(
  env: { repos: Repos; storage: BlobStore; clock: Clock },
  assetId: number,
  rev: number,
): Promise<VisualsResult | null> {
  const asset = await env.repos.assets.byId(assetId);
  if (!asset || asset.derivative_rev !== rev) return null;
  let result: VisualsResult;
  const pixels = (asset.width ?? 0) * (asset.height ?? 0);
  if (asset.type !== 'image') result = { state: 'skipped', reason: `not an image (${asset.type})` };
  else if (pixels > VISUALS_PIXEL_LIMIT)
    result = { state: 'skipped', reason: `too large: ${asset.width} × ${asset.height} pixels` };
  else
    result = await withLocalFile(env.storage, asset.preview_key ?? asset.blob_key, (p) => analyseVisuals(p)).catch(
      (err: Error): VisualsResult => ({ state: 'failed', reason: `unreadable file: ${err.message}`.slice(0, 200) }),
    );
  const [b0, b1, b2, b3] = result.state === 'done' ? bands(result.hash) : [null, null, null, null];
  await env.repos.visuals.save({
    asset_id: assetId,
    brand_id: asset.brand_id,
    rev,
    state: result.state,
    reason: result.state === 'done' ? null : result.reason,
    colours: JSON.stringify(result.state === 'done' ? result.colours : []),
    hash: result.state === 'done' ? result.hash : null,
    b0: b0 ?? null,
    b1: b1 ?? null,
    b2: b2 ?? null,
    b3: b3 ?? null,
    analysed_at: iso(env.clock.now()),
  });
  return result;
}
