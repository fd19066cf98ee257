import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeDerivatives } from './derivatives.js';
import { MediaError } from './errors.js';
import { fixtureDir, lavfi } from './test-fixtures.js';
import { chooseFfmpeg, detectTools, packagedTool, releaseOf } from './tools.js';
import type { Tools } from './tools.js';
import { VIDEO_LIMITS, hoverTimes, makeHoverPreview, makeProxy, probeVideo, proxySize } from './video.js';

let dir: string;
const f = (name: string) => join(dir, name);

/** The streams ffprobe sees in a file: codec, size. */
function streams(path: string) {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,codec_type,width,height',
    '-of',
    'json',
    path,
  ]);
  return (
    JSON.parse(out.toString()) as {
      streams: { codec_name: string; codec_type: string; width?: number; height?: number }[];
    }
  ).streams;
}

/** The top-level boxes of an MP4, in file order. */
function topBoxes(path: string): string[] {
  const b = readFileSync(path);
  const names: string[] = [];
  for (let at = 0; at + 8 <= b.length;) {
    let size = b.readUInt32BE(at);
    if (size === 1) size = Number(b.readBigUInt64BE(at + 8));
    names.push(b.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return names;
}

beforeAll(() => {
  dir = fixtureDir();
  // 1.5 s of 4:3 picture larger than 720p, with a tone: tiny, and it has to be scaled down.
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=duration=1.5:size=1440x1080:rate=10',
    '-f', 'lavfi', '-i', 'sine=duration=1.5:frequency=440',
    '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-shortest', f('clip.mkv'),
  ]); // prettier-ignore
  lavfi(f('tone.mp3'), 'sine=duration=1:frequency=220');
  // Right container signature, then nothing a demuxer can use.
  writeFileSync(f('broken.mp4'), Buffer.concat([readFileSync(f('clip.mkv')).subarray(0, 64), Buffer.alloc(4096, 7)]));
  writeFileSync(f('text.mp4'), 'just some words, not a video at all\n'.repeat(50));
  // Written to a pipe, as a live stream is: the container never says how long it lasts.
  writeFileSync(
    f('live.mkv'),
    execFileSync('ffmpeg', [
      '-v', 'error',
      '-f', 'lavfi', '-i', 'testsrc=duration=3:size=160x120:rate=10',
      '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'matroska', 'pipe:1',
    ]),
  ); // prettier-ignore
});

describe('choosing ffmpeg', () => {
  it('takes the system one when it is at least as new as the packaged one, else the packaged one', () => {
    const info = (command: string, version?: string, available = true) => ({ command, available, version });
    const packaged = { ffmpeg: info('/pkg/ffmpeg'), ffprobe: info('/pkg/ffprobe') };
    const newer = { ffmpeg: info('ffmpeg', 'ffmpeg version 5.1.9-0+deb12u1'), ffprobe: info('ffprobe') };
    expect(chooseFfmpeg(newer, packaged)).toEqual(newer);
    const old = { ffmpeg: info('ffmpeg', 'ffmpeg version 3.4.8'), ffprobe: info('ffprobe') };
    expect(chooseFfmpeg(old, packaged)).toEqual(packaged);
    const none = { ffmpeg: info('ffmpeg', undefined, false), ffprobe: info('ffprobe', undefined, false) };
    expect(chooseFfmpeg(none, packaged)).toEqual(packaged);
    expect(releaseOf('ffmpeg version n6.1.1 Copyright')).toEqual([6, 1, 1]);
  });

  it('ships a packaged ffmpeg and ffprobe that run here', async () => {
    const tools = await detectTools({ ffmpeg: packagedTool('ffmpeg')!, ffprobe: packagedTool('ffprobe')! });
    expect(tools.ffmpeg).toMatchObject({ available: true, version: expect.stringMatching(/^ffmpeg version/) });
    expect(tools.ffprobe).toMatchObject({ available: true, version: expect.stringMatching(/^ffprobe version/) });
  });
});

describe.each([
  ['system', () => detectTools()],
  ['packaged', () => detectTools({ ffmpeg: packagedTool('ffmpeg')!, ffprobe: packagedTool('ffprobe')! })],
])('video with the %s ffmpeg', (label, toolsOf) => {
  let tools: Tools;
  beforeAll(async () => {
    tools = await toolsOf();
  });

  it('a poster and thumbnail, a hover preview of a few frames, and a 720p H.264/AAC proxy with its index first', async () => {
    const info = await probeVideo(f('clip.mkv'), VIDEO_LIMITS, tools);
    expect(info).toMatchObject({ width: 1440, height: 1080, hasAudio: true });
    expect(info.duration).toBeCloseTo(1.5, 1);

    const poster = await makeDerivatives(f('clip.mkv'), 'video', 'mkv', f(`${label}-out`), { tools });
    expect(poster.files.map((d) => d.kind).sort()).toEqual(['poster', 'thumbnail']);

    await makeHoverPreview(f('clip.mkv'), info, f(`${label}-hover.webp`), { tools });
    const hover = await sharp(f(`${label}-hover.webp`)).metadata();
    expect(hover).toMatchObject({ format: 'webp', pages: 6, width: 320, height: 240 });

    const seen: number[] = [];
    await makeProxy(f('clip.mkv'), info, f(`${label}-proxy.mp4`), { tools, onProgress: (s) => seen.push(s) });
    const s = streams(f(`${label}-proxy.mp4`));
    expect(s).toEqual([
      { codec_name: 'h264', codec_type: 'video', width: 960, height: 720 },
      { codec_name: 'aac', codec_type: 'audio' },
    ]);
    const boxes = topBoxes(f(`${label}-proxy.mp4`));
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(Math.max(...seen)).toBeGreaterThan(1);
  });

  it('refuses what is not a video, or is too large or too long, with the reason', async () => {
    for (const name of ['broken.mp4', 'text.mp4']) {
      const err = await probeVideo(f(name), VIDEO_LIMITS, tools).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MediaError);
      expect(err).toMatchObject({ code: 'unreadable', permanent: true, message: /^Not a video we can read/ });
    }
    const huge = await probeVideo(f('clip.mkv'), { ...VIDEO_LIMITS, maxPixels: 1440 * 1080 - 1 }, tools).catch(
      (e: unknown) => e,
    );
    expect(huge).toMatchObject({ code: 'pixel_limit', message: 'Frames of 1440×1080 are beyond the pixel limit' });
    const long = await probeVideo(f('clip.mkv'), { ...VIDEO_LIMITS, maxSeconds: 1 }, tools).catch((e: unknown) => e);
    expect(long).toMatchObject({ code: 'pixel_limit', message: /beyond the 1 s limit/ });
  });

  it('stops a stream that does not say its length once it plays past the limit, and a run past its time', async () => {
    const info = await probeVideo(f('live.mkv'), VIDEO_LIMITS, tools);
    expect(info.duration).toBeUndefined();
    const endless = await makeProxy(f('live.mkv'), info, f(`${label}-live.mp4`), {
      tools,
      limits: { ...VIDEO_LIMITS, maxSeconds: 1 },
    }).catch((e: unknown) => e);
    expect(endless).toMatchObject({
      code: 'pixel_limit',
      permanent: true,
      message: 'The clip plays beyond the 1 s limit',
    });
    // Well under 1.5 s of the clip encoded: the same limit lets a whole short clip through.
    await makeProxy(f('live.mkv'), info, f(`${label}-live.mp4`), { tools, limits: { ...VIDEO_LIMITS, maxSeconds: 4 } });
    expect(streams(f(`${label}-live.mp4`))[0]).toMatchObject({ codec_name: 'h264', width: 160, height: 120 });

    const slow = await makeProxy(f('clip.mkv'), await probeVideo(f('clip.mkv'), VIDEO_LIMITS, tools), f('slow.mp4'), {
      tools,
      limits: { ...VIDEO_LIMITS, timeoutMs: 1 },
    }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ code: 'timeout', permanent: false, message: /^No proxy: .*\(timed out\)/ });
  });
});

describe('audio', () => {
  it('a waveform as the preview and the thumbnail', async () => {
    const result = await makeDerivatives(f('tone.mp3'), 'audio', 'mp3', f('wave'));
    expect(result.files.map((d) => [d.kind, d.width, d.height])).toEqual([
      ['thumbnail', 400, 100],
      ['preview', 1600, 400],
    ]);
    // A drawn wave: the middle row is coloured, the top corner is transparent.
    const { data, info } = await sharp(result.files[1]!.path).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(800, 200)).toBeGreaterThan(0);
    expect(alphaAt(0, 0)).toBe(0);
  });

  it('an unreadable audio file fails with the reason and leaves nothing', async () => {
    const err = await makeDerivatives(f('text.mp4'), 'audio', 'mp3', f('no-wave')).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'MediaError', code: 'unreadable', message: /^No waveform/ });
  });
});

describe('frame times and sizes', () => {
  it('spreads the hover frames over the clip and fits the proxy in 720p either way round', () => {
    expect(hoverTimes(60)).toEqual([5, 15, 25, 35, 45, 55]);
    expect(hoverTimes(undefined)).toEqual([0]);
    expect(proxySize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(proxySize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(proxySize(640, 360)).toEqual({ width: 640, height: 360 });
  });
});
