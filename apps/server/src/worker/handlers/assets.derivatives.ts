import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError, derivesFromBytes, makeDerivatives } from '../../media/index.js';
import type { PictureVisuals } from '../../media/index.js';
import { withLocalFile } from '../../modules/assets/localFile.js';
import type { BlobStore } from '../../storage/index.js';
import { textSourceOf } from '../../modules/text/text.source.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import type { JobContext } from '../../jobs/types.js';

type Tx = JobContext['tx'];
type TxRepos = Parameters<Parameters<Tx>[0]>[0]['repos'];

/**
 * Records the outcome and, in the same transaction, queues a video's proxy job, the colours and
 * look-alike analysis (handed the colours and hash of the pixels just decoded) and the objects
 * analysis of the same revision (it reads the preview just made; each marks non-images and
 * failures itself), the text analysis where text is read from this kind of file
 * (a video only with a poster), and the faces of an image whose brand has them on.
 */
async function finish(
  tx: Tx,
  asset: { id: number; brand_id: number; type: string; ext: string },
  rev: number,
  patch: Parameters<TxRepos['assets']['setDerivatives']>[2],
  also?: (r: TxRepos) => Promise<unknown>,
  /** Whether the installation runs face analysis (ANALYSIS). */
  faces = true,
  /** Colours and hash of the pixels just decoded, handed to the visuals job. */
  visuals?: PictureVisuals,
) {
  const id = asset.id;
  // A video gets its hover preview and proxy next, in a job of its own (no ffmpeg: none).
  const video = asset.type === 'video' && patch.derivatives !== 'none';
  await tx(async (t) => {
    if (!(await t.repos.assets.setDerivatives(id, rev, video ? { ...patch, proxy_state: 'pending' } : patch))) return;
    if (video) await t.enqueue('assets.video', { asset_id: id, rev }, { dedupeKey: `video:${id}:${rev}` });
    await also?.(t.repos);
    await t.enqueue(
      'assets.visuals',
      { asset_id: id, rev, ...(visuals ? { pixels: visuals } : {}) },
      {
        dedupeKey: `visuals:${id}:${rev}`,
      },
    );
    if (textSourceOf({ ...asset, preview_key: patch.preview_key ?? null }))
      await t.enqueue('assets.text', { asset_id: id, rev }, { dedupeKey: `text:${id}:${rev}` });
    await t.enqueue('assets.objects', { asset_id: id, rev }, { dedupeKey: `objects:${id}:${rev}` });
    // Faces only where a brand admin turned them on (issue 42 §3): off, no job and no state.
    if (faces && asset.type === 'image' && (await t.repos.analysis.settings(asset.brand_id)).faces)
      await t.enqueue('assets.faces', { asset_id: id, rev }, { dedupeKey: `faces:${id}:${rev}` });
  });
}

/**
 * Thumbnail and preview (WebP) for one revision of an asset. Keys carry the revision, so a re-run
 * overwrites the same files, and a job for an older revision (a newer version was uploaded
 * meanwhile) changes nothing.
 */
export const assetsDerivatives = defineHandler({
  schema: jobSchemas['assets.derivatives'],
  timeoutMs: 10 * 60_000,
  async run({ asset_id, rev }, { storage, repos, tx, log, job, analysis }) {
    const faces = analysis.includes('faces');
    if (!storage) throw new PermanentJobError('assets.derivatives needs the blob store');
    const asset = await repos.assets.byId(asset_id);
    if (!asset || asset.derivative_rev !== rev) return;
    const out = await mkdtemp(join(tmpdir(), 'bv-deriv-'));
    try {
      // A photo is read once, whole, on every driver (no temporary copy from S3); other files by path.
      const result = derivesFromBytes(asset.type as never, asset.ext, asset.size)
        ? await makeDerivatives(await readBlob(storage, asset.blob_key), asset.type as never, asset.ext, out)
        : await withLocalFile(storage, asset.blob_key, (path) =>
            makeDerivatives(path, asset.type as never, asset.ext, out),
          );
      if (!result.files.length) {
        await finish(tx, asset, rev, { derivatives: 'none' }, undefined, faces);
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
      await finish(
        tx,
        asset,
        rev,
        { thumb_key: thumb, preview_key: preview, derivatives: 'ready' },
        (r) => (thumb ? r.assets.setVersionThumb(asset_id, asset.current_version, thumb) : Promise.resolve()),
        faces,
        asset.type === 'image' && 'visuals' in result ? result.visuals : undefined,
      );
    } catch (err) {
      log.warn({ err, asset_id }, 'derivatives failed');
      if (err instanceof PermanentJobError) throw err;
      // The last attempt, or a file the tools cannot read: it stays usable with its type icon.
      if ((err instanceof MediaError && err.permanent) || job.attempt >= job.maxAttempts) {
        await finish(tx, asset, rev, { derivatives: 'failed' }, undefined, faces);
        return;
      }
      throw err;
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  },
});

async function readBlob(storage: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
