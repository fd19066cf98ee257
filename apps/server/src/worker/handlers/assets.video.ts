import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError } from '../../media/index.js';
import { detectTools } from '../../media/tools.js';
import { VIDEO_LIMITS, makeHoverPreview, makeProxy, probeVideo } from '../../media/video.js';
import type { VideoLimits } from '../../media/video.js';
import { withLocalFile } from '../../modules/assets/localFile.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** The limits a proxy is made under; tests lower them to try a hostile file cheaply. */
export const videoJobSettings: { limits: VideoLimits } = { limits: VIDEO_LIMITS };

/**
 * A video's hover preview and web-playable proxy, for one revision (queued by the derivatives
 * job). Progress is the seconds of the clip encoded. A file that cannot be made into a proxy
 * (not a video, too large or long, corrupt) fails the job for good with the reason, and the
 * asset says `failed`: it keeps its poster and its original. A job for an older revision does nothing.
 */
export const assetsVideo = defineHandler({
  schema: jobSchemas['assets.video'],
  timeoutMs: VIDEO_LIMITS.timeoutMs + 5 * 60_000,
  // One encode at a time per worker: each uses two encoder threads, and the other jobs keep their slots.
  concurrency: 1,
  async run({ asset_id, rev }, { storage, repos, tx, log, job, progress, signal }) {
    if (!storage) throw new PermanentJobError('assets.video needs the blob store');
    const asset = await repos.assets.byId(asset_id);
    if (!asset || asset.derivative_rev !== rev || asset.type !== 'video') return;
    const tools = await detectTools();
    const set = (patch: { hover_key?: string; proxy_key?: string; proxy_state?: 'ready' | 'failed' }) =>
      tx((t) => t.repos.assets.setDerivatives(asset_id, rev, patch));
    if (!tools.ffmpeg.available || !tools.ffprobe.available) {
      await set({ proxy_state: 'failed' });
      throw new PermanentJobError('ffmpeg is not installed');
    }
    const { limits } = videoJobSettings;
    const out = await mkdtemp(join(tmpdir(), 'bv-video-'));
    try {
      return await withLocalFile(storage, asset.blob_key, async (path) => {
        const info = await probeVideo(path, limits, tools);
        const base = `derivatives/${asset_id}/${rev}`;
        const hover = join(out, 'hover.webp');
        await makeHoverPreview(path, info, hover, { limits, tools });
        await storage.put(`${base}/hover.webp`, await readFile(hover), 'image/webp');
        if (!(await set({ hover_key: `${base}/hover.webp` }))) return { skipped: 'newer revision' };
        const of = Math.max(1, Math.round(info.duration ?? 1));
        await progress(0, of);
        const proxy = join(out, 'proxy.mp4');
        await makeProxy(path, info, proxy, {
          limits,
          tools,
          signal,
          onProgress: (s) => void progress(Math.min(of, Math.round(s)), of),
        });
        await storage.put(`${base}/proxy.mp4`, createReadStream(proxy), 'video/mp4');
        await set({ proxy_key: `${base}/proxy.mp4`, proxy_state: 'ready' });
        await progress(of, of);
        return { proxy: `${base}/proxy.mp4` };
      });
    } catch (err) {
      log.warn({ err, asset_id }, 'video proxy failed');
      // A file the tools cannot use, or the last attempt: the asset stays playable from its original.
      if ((err instanceof MediaError && err.permanent) || job.attempt >= job.maxAttempts) {
        await set({ proxy_state: 'failed' });
        throw new PermanentJobError(err instanceof Error ? err.message : String(err));
      }
      throw err;
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  },
});
