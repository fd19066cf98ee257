import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError, makeDerivatives } from '../../media/index.js';
import { withLocalFile } from '../../modules/assets/localFile.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Thumbnail and preview (WebP) for one revision of an asset. Keys carry the revision, so a re-run
 * overwrites the same files, and a job for an older revision (a newer version was uploaded
 * meanwhile) changes nothing.
 */
export const assetsDerivatives = defineHandler({
  schema: jobSchemas['assets.derivatives'],
  timeoutMs: 10 * 60_000,
  async run({ asset_id, rev }, { storage, repos, log, job }) {
    if (!storage) throw new PermanentJobError('assets.derivatives needs the blob store');
    const asset = await repos.assets.byId(asset_id);
    if (!asset || asset.derivative_rev !== rev) return;
    const out = await mkdtemp(join(tmpdir(), 'bv-deriv-'));
    try {
      const result = await withLocalFile(storage, asset.blob_key, (path) =>
        makeDerivatives(path, asset.type as never, asset.ext, out),
      );
      if (!result.files.length) {
        await repos.assets.setDerivatives(asset_id, rev, { derivatives: 'none' });
        return;
      }
      const keys: Record<string, string> = {};
      for (const file of result.files) {
        const key = `derivatives/${asset_id}/${rev}/${file.kind}.webp`;
        await storage.put(key, await readFile(file.path), 'image/webp');
        keys[file.kind] = key;
      }
      const thumb = keys.thumbnail ?? keys.poster ?? null;
      const preview = keys.preview ?? keys.poster ?? thumb;
      const updated = await repos.assets.setDerivatives(asset_id, rev, {
        thumb_key: thumb,
        preview_key: preview,
        derivatives: 'ready',
      });
      if (updated && thumb) await repos.assets.setVersionThumb(asset_id, asset.current_version, thumb);
    } catch (err) {
      log.warn({ err, asset_id }, 'derivatives failed');
      if (err instanceof PermanentJobError) throw err;
      // The last attempt, or a file the tools cannot read: it stays usable with its type icon.
      if ((err instanceof MediaError && err.permanent) || job.attempt >= job.maxAttempts) {
        await repos.assets.setDerivatives(asset_id, rev, { derivatives: 'failed' });
        return;
      }
      throw err;
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  },
});
