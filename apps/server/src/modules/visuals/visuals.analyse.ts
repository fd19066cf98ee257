import { COLOUR_WORDS, namedColours } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { VISUALS_PIXEL_LIMIT, analyseVisuals, bands } from '../../media/visuals.js';
import type { Colour, VisualsResult } from '../../media/visuals.js';
import { withLocalFile } from '../assets/localFile.js';
import { TURNED_OFF, analysisRuns } from '../analysis/switch/analysisSwitch.js';
import type { AnalysisDeps } from '../analysis/switch/analysisSwitch.js';

/**
 * Analyses one asset's current revision and stores the outcome (done, skipped or failed with the
 * reason). Takes the colours and hash the derivatives job found in the pixels it decoded when it
 * passes them, else reads the preview when there is one (small), else the original;
 * an asset moved on to a newer revision meanwhile is left to that revision's job. With colours
 * off (installation or brand) nothing is read: the row says "turned off", which the backfill
 * treats as missing once colours are on again.
 */
export async function analyseAsset(
  deps: AnalysisDeps,
  assetId: number,
  rev: number,
  /** What the derivatives job found in the pixels it decoded; then nothing is read. */
  decoded?: { colours: Colour[]; hash: string },
): Promise<VisualsResult | null> {
  const asset = await deps.repos.assets.byId(assetId);
  if (!asset || asset.derivative_rev !== rev) return null;
  let result: VisualsResult;
  const pixels = (asset.width ?? 0) * (asset.height ?? 0);
  if (!(await analysisRuns(deps, asset.brand_id, 'colours'))) result = { state: 'skipped', reason: TURNED_OFF };
  else if (asset.type !== 'image') result = { state: 'skipped', reason: `not an image (${asset.type})` };
  else if (pixels > VISUALS_PIXEL_LIMIT)
    result = { state: 'skipped', reason: `too large: ${asset.width} × ${asset.height} pixels` };
  else if (decoded) result = { state: 'done', ...decoded };
  else
    result = await withLocalFile(deps.storage, asset.preview_key ?? asset.blob_key, (p) => analyseVisuals(p)).catch(
      (err: Error): VisualsResult => ({ state: 'failed', reason: `unreadable file: ${err.message}`.slice(0, 200) }),
    );
  const [b0, b1, b2, b3] = result.state === 'done' ? bands(result.hash) : [null, null, null, null];
  // Search finds an image by its colours' names in both languages, and the swatch filter by key.
  const names = result.state === 'done' ? namedColours(result.colours) : [];
  await deps.tx(async (t) => {
    await t.repos.analysis.lockAssets([assetId]);
    await t.repos.visuals.save({
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
      analysed_at: iso(deps.clock.now()),
    });
    await t.repos.visuals.setColours(assetId, asset.brand_id, names);
    await t.repos.analysis.setFoundWords(assetId, 'colours', names.flatMap((n) => COLOUR_WORDS[n]).join(' '));
  });
  return result;
}
