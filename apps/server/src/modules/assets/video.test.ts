import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, lavfi } from '../../media/test-fixtures.js';
import { VIDEO_LIMITS } from '../../media/video.js';
import { videoJobSettings } from '../../worker/handlers/assets.video.js';
import { until } from '../../../test/throwaway.js';
import { adminClient, makeBrand, makeFolder, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let dir: string;

const upload = async (name: string, type: string, data: Buffer): Promise<number> => {
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folder}/new`,
    multipart({}, [{ field: 'files', name, type, data }]),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0].asset_id as number;
};

/** Waits for the in-process worker to have finished an asset's pictures and, for a video, its proxy. */
async function settled(id: number) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the asset view as JSON
  let a: any = {};
  await until(
    `the media of asset ${id}`,
    async () => {
      a = (await admin.get(`/api/ops/asset/${id}/view`)).json().asset;
      return a.derivatives !== 'pending' && a.proxy_state !== 'pending';
    },
    60_000,
  );
  return a;
}

/** The asset's proxy job row once it has ended (the asset says `failed` just before the row does). */
async function videoJob(id: number) {
  const row = () =>
    t.built.handle.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error', 'progress_done', 'progress_of'])
      .where('name', '=', 'assets.video')
      .where('payload', 'like', `%"asset_id":${id},%`)
      .executeTakeFirstOrThrow();
  await until(`the proxy job of asset ${id}`, async () => !['queued', 'running'].includes((await row()).status));
  return row();
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Motion');
  folder = await makeFolder(admin, brand.id, 'Clips');
  dir = fixtureDir();
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=10'],
    ...['-f', 'lavfi', '-i', 'sine=duration=1', '-pix_fmt', 'yuv420p', '-shortest', join(dir, 'clip.mp4')],
  ]);
  lavfi(join(dir, 'tone.mp3'), 'sine=duration=1');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=640x480:rate=10'],
    ...['-pix_fmt', 'yuv420p', join(dir, 'large.mp4')],
  ]);
  // Written to a pipe, as a live stream is: the container never says how long it lasts.
  const live = execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=160x120:rate=10'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'matroska', 'pipe:1'],
  ]);
  writeFileSync(join(dir, 'live.mkv'), live);
});
afterAll(() => t.close());

describe('video and audio', () => {
  // Each waits for real ffmpeg runs (up to a minute each, as `settled` allows on a loaded machine).
  it('a video gets a poster, a hover preview and a proxy that seeks by byte range', { timeout: 120_000 }, async () => {
    const a = await settled(await upload('launch.mp4', 'video/mp4', readFileSync(join(dir, 'clip.mp4'))));
    expect(a).toMatchObject({ derivatives: 'ready', proxy_state: 'ready' });
    expect(a.thumbnail_url).toBeTruthy();

    const hover = await admin.get(a.hover_url);
    expect(hover.statusCode).toBe(200);
    expect(hover.headers['content-type']).toBe('image/webp');

    const whole = await admin.get(a.proxy_url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes' });
    const size = whole.rawPayload.length;
    const part = await admin.req('GET', a.proxy_url, undefined, { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const past = await admin.req('GET', a.proxy_url, undefined, { headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);

    const job = await videoJob(a.id);
    expect(job).toMatchObject({ status: 'done', progress_done: 1, progress_of: 1 });
  });

  it('an audio file gets its waveform as thumbnail and preview, and no proxy', async () => {
    const a = await settled(await upload('jingle.mp3', 'audio/mpeg', readFileSync(join(dir, 'tone.mp3'))));
    expect(a).toMatchObject({ derivatives: 'ready', proxy_state: null, hover_url: null, proxy_url: null });
    const preview = await admin.get(a.preview_url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
  });

  it('a corrupt video fails its proxy job with the reason, and stays an asset', async () => {
    // An MP4's first bytes (the sniffing passes) without the index a player needs.
    const broken = readFileSync(join(dir, 'clip.mp4')).subarray(0, 2000);
    const a = await settled(await upload('broken.mp4', 'video/mp4', broken));
    expect(a).toMatchObject({ derivatives: 'failed', proxy_state: 'failed', proxy_url: null });
    const job = await videoJob(a.id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.last_error).toMatch(/Not a video we can read: .*moov atom not found/);
    expect((await admin.get(`/api/ops/asset/${a.id}/view`)).statusCode).toBe(200);
  });

  it(
    'a stream past the length limit, or frames past the pixel limit, fail the proxy job with the reason and nothing else',
    { timeout: 180_000 },
    async () => {
      const saved = videoJobSettings.limits;
      try {
        videoJobSettings.limits = { ...VIDEO_LIMITS, maxSeconds: 1 };
        const endless = await settled(
          await upload('live.mkv', 'video/x-matroska', readFileSync(join(dir, 'live.mkv'))),
        );
        // The poster and hover preview come from its first frames; only the proxy is refused.
        expect(endless).toMatchObject({ derivatives: 'ready', proxy_state: 'failed', proxy_url: null });
        expect(endless.hover_url).toBeTruthy();
        expect(await videoJob(endless.id)).toMatchObject({
          status: 'failed',
          attempts: 1,
          last_error: 'The clip plays beyond the 1 s limit',
        });

        videoJobSettings.limits = { ...VIDEO_LIMITS, maxPixels: 640 * 480 - 1 };
        const huge = await settled(await upload('large.mp4', 'video/mp4', readFileSync(join(dir, 'large.mp4'))));
        expect(huge).toMatchObject({ proxy_state: 'failed', proxy_url: null, hover_url: null });
        expect(await videoJob(huge.id)).toMatchObject({
          status: 'failed',
          attempts: 1,
          last_error: 'Frames of 640×480 are beyond the pixel limit',
        });
        for (const a of [endless, huge]) expect((await admin.get(`/api/ops/asset/${a.id}/view`)).statusCode).toBe(200);
      } finally {
        videoJobSettings.limits = saved;
      }
    },
  );
});
