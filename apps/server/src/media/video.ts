import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MediaError } from './errors.js';
import { detectTools, runTool, ToolError } from './tools.js';
import type { Tools } from './tools.js';

/**
 * A video's hover preview (a few frames as an animated WebP) and its web-playable proxy (H.264
 * and AAC in an MP4 whose index comes first, at most 720p), made with ffmpeg. Each input is
 * probed first: what is not a video we read, is too large, too long or never ends is refused
 * with the reason before any decoding.
 */

export interface VideoLimits {
  /** Largest frame, in pixels, that is decoded at all (8K is 33 MP). */
  maxPixels: number;
  /** Longest clip a proxy is made of; a stream that claims more (or never ends) is refused. */
  maxSeconds: number;
  /** Largest original a proxy is made of. */
  maxInputBytes: number;
  /** ffmpeg stops writing the proxy beyond this size. */
  maxOutputBytes: number;
  /** Per ffmpeg run: a run past it is killed. */
  timeoutMs: number;
}

export const VIDEO_LIMITS: VideoLimits = {
  maxPixels: 8192 * 8192,
  maxSeconds: 4 * 3600,
  maxInputBytes: 8 * 1024 ** 3,
  maxOutputBytes: 4 * 1024 ** 3,
  timeoutMs: 45 * 60_000,
};

/** The proxy fits this box (landscape; portrait turns it), never enlarged. */
export const PROXY_BOX = { long: 1280, short: 720 };
/** Frames in the hover preview, shown half a second each, and its width. */
export const HOVER_FRAMES = 6;
export const HOVER_WIDTH = 320;

// Only the containers uploads may hold (types.ts): a playlist or a concat script that would make
// ffmpeg read other local files is refused by the demuxer, whatever its name says.
const DEMUXERS = 'mov,matroska,avi,mp3,wav,aac,ogg,flac';

export interface VideoInfo {
  width: number;
  height: number;
  /** Seconds; undefined when the container does not say. */
  duration: number | undefined;
  hasAudio: boolean;
}

/** Options every ffmpeg and ffprobe run gets before its input: local files, known containers. */
const SOURCE_GUARDS = ['-protocol_whitelist', 'file', '-format_whitelist', DEMUXERS];
/** And for decoding: the decoder refuses frames beyond the limit instead of allocating them. */
const inputGuards = (maxPixels: number) => [...SOURCE_GUARDS, '-max_pixels', String(maxPixels)];

/** Reads the first video stream's size and the duration, refusing what the limits exclude. */
export async function probeVideo(
  inputPath: string,
  limits: VideoLimits = VIDEO_LIMITS,
  tools?: Tools,
): Promise<VideoInfo> {
  const t = tools ?? (await detectTools());
  if (!t.ffprobe.available) throw new MediaError('tool_failed', 'ffprobe is not installed');
  const input = resolve(inputPath);
  const size = (await stat(input)).size;
  if (size === 0) throw new MediaError('unreadable', 'The file is empty');
  if (size > limits.maxInputBytes)
    throw new MediaError('pixel_limit', `The file is larger than ${limits.maxInputBytes} bytes`);
  let out: string;
  try {
    ({ stdout: out } = await runTool(
      t.ffprobe.command,
      [
        '-v',
        'error',
        // No pixel limit here: the probe reads the size, so a refusal can say what it was.
        ...SOURCE_GUARDS,
        '-show_entries',
        'format=duration:stream=codec_type,width,height,duration',
        '-of',
        'json',
        '--',
        input,
      ],
      { timeoutMs: Math.min(limits.timeoutMs, 60_000), maxOutputBytes: 256 * 1024 },
    ));
  } catch (err) {
    throw asVideoError(err, 'Not a video we can read');
  }
  const parsed = JSON.parse(out) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video?.width || !video.height) throw new MediaError('unreadable', 'Not a video we can read: no picture stream');
  if (video.width * video.height > limits.maxPixels)
    throw new MediaError('pixel_limit', `Frames of ${video.width}×${video.height} are beyond the pixel limit`);
  const seconds = Number(parsed.format?.duration ?? video.duration);
  const duration = Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
  if (duration !== undefined && duration > limits.maxSeconds)
    throw new MediaError(
      'pixel_limit',
      `The clip lasts ${Math.round(duration)} s, beyond the ${limits.maxSeconds} s limit`,
    );
  return {
    width: video.width,
    height: video.height,
    duration,
    hasAudio: parsed.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}

function asVideoError(err: unknown, what: string): MediaError {
  if (err instanceof MediaError) return err;
  if (err instanceof ToolError) {
    if (err.timedOut) return new MediaError('timeout', `${what}: ${err.message}`, { cause: err });
    return new MediaError('unreadable', `${what}: ${err.message.replace(/^\S+ failed: /, '')}`, { cause: err });
  }
  return new MediaError('tool_failed', `${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}

/** When each hover frame is taken: the middles of equal parts, or the start when the length is unknown. */
export function hoverTimes(duration: number | undefined, frames = HOVER_FRAMES): number[] {
  if (!duration) return [0];
  return Array.from({ length: frames }, (_, i) => Math.round(((duration * (i + 0.5)) / frames) * 1000) / 1000);
}

/**
 * The hover preview: one frame at each of `hoverTimes`, each found by a fast seek (a long clip is
 * never decoded through), joined into an animated WebP that loops at two frames a second.
 */
export async function makeHoverPreview(
  inputPath: string,
  info: VideoInfo,
  outPath: string,
  opts: { limits?: VideoLimits; tools?: Tools } = {},
): Promise<void> {
  const limits = opts.limits ?? VIDEO_LIMITS;
  const t = opts.tools ?? (await detectTools());
  const input = resolve(inputPath);
  const times = hoverTimes(info.duration);
  const inputs = times.flatMap((at) => [...inputGuards(limits.maxPixels), '-ss', String(at), '-i', input]);
  const parts = times.map(
    (_, i) =>
      `[${i}:v:0]trim=end_frame=1,setpts=PTS-STARTPTS,scale='trunc(iw*sar/2)*2':ih,setsar=1,` +
      `scale='min(${HOVER_WIDTH},iw)':-2,format=yuv420p[f${i}]`,
  );
  const graph = `${parts.join(';')};${times.map((_, i) => `[f${i}]`).join('')}concat=n=${times.length}:v=1:a=0,settb=1/2,setpts=N[out]`;
  try {
    await runTool(
      t.ffmpeg.command,
      [
        '-nostdin',
        '-v',
        'error',
        '-y',
        ...inputs,
        '-filter_complex',
        graph,
        '-map',
        '[out]',
        '-an',
        '-c:v',
        'libwebp',
        '-quality',
        '60',
        '-loop',
        '0',
        '-f',
        'webp',
        resolve(outPath),
      ],
      { timeoutMs: Math.min(limits.timeoutMs, 120_000) },
    );
  } catch (err) {
    throw asVideoError(err, 'No hover preview');
  }
  if (!(await stat(outPath).catch(() => null))?.size) throw new MediaError('unreadable', 'ffmpeg produced no frames');
}

/** The proxy's frame size: inside PROXY_BOX (turned for portrait), even sides, never enlarged. */
export function proxySize(width: number, height: number): { width: number; height: number } {
  const [boxW, boxH] = width >= height ? [PROXY_BOX.long, PROXY_BOX.short] : [PROXY_BOX.short, PROXY_BOX.long];
  const scale = Math.min(1, boxW / width, boxH / height);
  const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
  return { width: even(width * scale), height: even(height * scale) };
}

export interface ProxyOptions {
  limits?: VideoLimits;
  tools?: Tools;
  /** Seconds of the clip encoded so far, about twice a second. */
  onProgress?: (seconds: number) => void;
  /** Aborting kills ffmpeg (the job's lease was lost or its time ran out). */
  signal?: AbortSignal;
}

/**
 * The proxy: H.264 (yuv420p, CRF 23, "veryfast") and AAC stereo in an MP4 with the index first
 * (faststart), so a browser plays and seeks it through range requests before it has it all.
 * Two encoder threads keep one proxy from taking every core.
 */
export async function makeProxy(
  inputPath: string,
  info: VideoInfo,
  outPath: string,
  opts: ProxyOptions = {},
): Promise<void> {
  const limits = opts.limits ?? VIDEO_LIMITS;
  const t = opts.tools ?? (await detectTools());
  // Square pixels first (anamorphic sources), then the box; the probe's size says which way it turns.
  const { width, height } = proxySize(info.width, info.height);
  const args = [
    '-nostdin',
    '-v',
    'error',
    '-nostats',
    '-y',
    ...inputGuards(limits.maxPixels),
    '-i',
    resolve(inputPath),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-sn',
    '-dn',
    // A backstop only: the run is stopped as soon as its progress passes the limit (below).
    '-t',
    String(limits.maxSeconds + 1),
    '-vf',
    `scale='trunc(iw*sar/2)*2':ih,setsar=1,scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
      "scale='trunc(iw/2)*2':'trunc(ih/2)*2',format=yuv420p",
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-threads',
    '2',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    '-max_muxing_queue_size',
    '1024',
    '-fs',
    String(limits.maxOutputBytes),
    '-progress',
    'pipe:1',
    '-f',
    'mp4',
    resolve(outPath),
  ];
  try {
    await runWithProgress(t.ffmpeg.command, args, limits, opts);
  } catch (err) {
    throw asVideoError(err, 'No proxy');
  }
  const size = (await stat(outPath).catch(() => null))?.size ?? 0;
  if (size === 0) throw new MediaError('unreadable', 'No proxy: ffmpeg wrote nothing');
  if (size >= limits.maxOutputBytes)
    throw new MediaError('pixel_limit', `No proxy: it would be larger than ${limits.maxOutputBytes} bytes`);
}

/**
 * Runs ffmpeg with `-progress pipe:1`, reporting `out_time` as it goes; killed (SIGKILL) after
 * `timeoutMs`, when `signal` aborts, or once the encoded time passes `maxSeconds` (a stream that
 * does not say its length, or lies about it, is refused rather than cut short without a word).
 * Only the last few KB of stderr are kept, for the reason.
 */
function runWithProgress(
  command: string,
  args: string[],
  limits: Pick<VideoLimits, 'timeoutMs' | 'maxSeconds'>,
  opts: Pick<ProxyOptions, 'onProgress' | 'signal'>,
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stderr = '';
    let pending = '';
    let encoded = 0;
    let why: 'timed out' | 'stopped' | 'too long' | null = null;
    const kill = (reason: 'timed out' | 'stopped' | 'too long') => {
      why ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('timed out'), limits.timeoutMs);
    const onAbort = () => kill('stopped');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_ms is in microseconds too (an old ffmpeg misnomer); out_time_us is newer.
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (!m) continue;
        encoded = Number(m[1]) / 1e6;
        if (encoded > limits.maxSeconds) kill('too long');
        else opts.onProgress?.(encoded);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    const finish = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (err) => {
      finish();
      fail(new ToolError(command, `${command} failed: ${err.message}`, false));
    });
    child.on('close', (code) => {
      finish();
      if (why === 'too long' || encoded > limits.maxSeconds)
        return fail(new MediaError('pixel_limit', `The clip plays beyond the ${limits.maxSeconds} s limit`));
      if (code === 0 && !why) return done();
      const detail = stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 500);
      const label = why ? ` (${why})` : '';
      fail(new ToolError(command, `${command} failed${label}: ${detail || `exit code ${code}`}`, why === 'timed out'));
    });
  });
}
