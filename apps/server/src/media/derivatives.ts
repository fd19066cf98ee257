import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import { makeWaveform } from './audio.js';
import { MediaError } from './errors.js';
import { isPdf, readHead } from './head.js';
import { iconFor } from './icons.js';
import type { IconName } from './icons.js';
import { configureSharp } from './sharp-settings.js';
import { detectTools, runTool, ToolError } from './tools.js';
import type { Tools } from './tools.js';
import { normalizeExtension } from './types.js';
import { probeVideo, VIDEO_LIMITS } from './video.js';
import { visualsOfPixels } from './visuals.js';
import { DecodeError, decodeInWorker } from './wasm/decoders.js';
import type { AssetType } from './types.js';

export type DerivativeKind = 'thumbnail' | 'preview' | 'poster';

export interface Derivative {
  kind: DerivativeKind;
  path: string;
  width: number;
  height: number;
  mime: 'image/webp';
  bytes: number;
}

/** Why an asset shows its type icon instead of a picture. */
export type IconReason = 'empty' | 'unsupported' | 'tool_missing';

/** Colours and perceptual hash of the decoded picture, so the visuals job need not decode it again. */
export type PictureVisuals = Awaited<ReturnType<typeof visualsOfPixels>>;

export type DerivativesResult =
  | { files: Derivative[]; visuals?: PictureVisuals }
  | { files: []; icon: IconName; reason: IconReason; missingTool?: string };

export interface DerivativeOptions {
  /** Detected once per process when not given. */
  tools?: Tools;
  /** Largest source, in pixels, that is decoded at all (width × height from the header). */
  limitInputPixels?: number;
  thumbnailSize?: number;
  previewSize?: number;
  thumbnailQuality?: number;
  previewQuality?: number;
  /** libwebp effort 0–6. */
  effort?: number;
  /** Per external tool run and per sharp pipeline. */
  timeoutMs?: number;
  /** Where intermediate files (decoded HEIC, video frame, PDF page) go; removed afterwards. */
  tmpDir?: string;
}

// 0x3FFF²: libvips' and sharp's own default, about 268 MP. A 100 MP medium-format photo passes; a
// PNG that declares 30000×30000 to exhaust memory is refused from its header, before any decoding.
export const DEFAULT_PIXEL_LIMIT = 268_402_689;

// Effort 0 instead of libwebp's default 4: the WebP encode is most of a derivatives job's CPU, and
// effort 0 took 48 ms of CPU for a 2 MP photo's preview against 89 at effort 2 (the previous
// setting) and about 200 at 4, for a file 4 % larger than at effort 2.
const DEFAULTS = {
  limitInputPixels: DEFAULT_PIXEL_LIMIT,
  thumbnailSize: 400,
  previewSize: 2048,
  thumbnailQuality: 80,
  previewQuality: 82,
  effort: 0,
  timeoutMs: 60_000,
};
type Settings = typeof DEFAULTS & { tools: Tools; tmpDir: string | undefined };

/** Formats the bundled libvips decodes itself (HEIC needs libheif, BMP goes through ffmpeg). */
const SHARP_FORMATS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'tif', 'tiff', 'avif']);

// Up to this size an image is read whole, once, and decoded from memory; beyond it (a huge TIFF)
// libvips reads the file itself, so memory stays bounded with two jobs running.
const IN_MEMORY_BYTES = 64 * 1024 * 1024;

/**
 * Whether makeDerivatives takes this file's bytes rather than a path: images libvips decodes
 * itself and SVG, up to IN_MEMORY_BYTES. Read once, they give the header check and the decode.
 */
export function derivesFromBytes(assetType: AssetType, ext: string, size: number): boolean {
  const e = normalizeExtension(ext);
  return assetType === 'image' && (SHARP_FORMATS.has(e) || e === 'svg') && size <= IN_MEMORY_BYTES;
}

/**
 * Makes the WebP pictures of an asset in `outDir`: thumbnail and preview for images, PDFs and
 * Illustrator files, poster and thumbnail for video. Returns the icon to show instead when the type
 * has no picture, the file is empty or a tool is missing. Throws MediaError when the file cannot
 * be rendered (a decompression bomb, corrupt data, a timeout); nothing is left in `outDir` then.
 */
export async function makeDerivatives(
  source: string | Buffer,
  assetType: AssetType,
  ext: string,
  outDir: string,
  opts: DerivativeOptions = {},
): Promise<DerivativesResult> {
  configureSharp();
  const s: Settings = {
    ...DEFAULTS,
    ...definedOnly(opts),
    tools: opts.tools ?? (await detectTools()),
    tmpDir: opts.tmpDir,
  };
  const e = normalizeExtension(ext);
  // Absolute, so a file name can never start with "-" and be read as an option by a tool.
  const input = typeof source === 'string' ? resolve(source) : source;
  const icon = (reason: IconReason, missingTool?: string): DerivativesResult => ({
    files: [],
    icon: iconFor(assetType, e),
    reason,
    ...(missingTool ? { missingTool } : {}),
  });

  if ((typeof input === 'string' ? (await stat(input)).size : input.length) === 0) return icon('empty');
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  try {
    if (assetType === 'image' && SHARP_FORMATS.has(e)) return await fromImage(input, outDir, s, written);
    if (assetType === 'image' && e === 'svg') return await fromSvg(input, outDir, s, written);
    if (typeof input !== 'string') throw new Error(`makeDerivatives needs a path for .${e} files`);
    if (assetType === 'image' && (e === 'heic' || e === 'heif')) return await fromHeif(input, outDir, s, written);
    if (assetType === 'image' && e === 'bmp') {
      if (!s.tools.ffmpeg.available) return icon('tool_missing', 'ffmpeg');
      await checkBmpSize(input, s.limitInputPixels);
      return await fromFrame(input, 0, 'preview', outDir, s, written);
    }
    if (assetType === 'video') {
      if (!s.tools.ffmpeg.available) return icon('tool_missing', 'ffmpeg');
      return await fromVideo(input, outDir, s, written);
    }
    if (assetType === 'audio') {
      if (!s.tools.ffmpeg.available) return icon('tool_missing', 'ffmpeg');
      return { files: await withTemp(s, (tmp) => track(written, makeWaveform(input, outDir, tmp, s))) };
    }
    if ((e === 'pdf' || e === 'ai') && (await isPdf(input))) return await fromPdf(input, outDir, s, written);
    return icon('unsupported');
  } catch (err) {
    await Promise.all(written.map((p) => rm(p, { force: true })));
    throw asMediaError(err);
  }
}

function definedOnly(o: DerivativeOptions): Partial<typeof DEFAULTS> {
  const out: Partial<typeof DEFAULTS> = {};
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const v = o[key];
    if (typeof v === 'number') out[key] = v;
  }
  return out;
}

function asMediaError(err: unknown): MediaError {
  if (err instanceof MediaError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof ToolError)
    return new MediaError(err.timedOut ? 'timeout' : 'tool_failed', message, { cause: err });
  if (err instanceof DecodeError && err.timedOut) return new MediaError('timeout', message, { cause: err });
  if (/pixel limit/i.test(message)) return new MediaError('pixel_limit', message, { cause: err });
  if (/^timeout/i.test(message)) return new MediaError('timeout', message, { cause: err });
  return new MediaError('unreadable', message, { cause: err });
}

function sourceOptions(s: Settings, extra: SharpOptions = {}): SharpOptions {
  // failOn 'error' rather than sharp's 'warning': phones and scanners write files with harmless
  // warnings (odd markers, short padding) that libjpeg shows anyway; real corruption still fails.
  return { limitInputPixels: s.limitInputPixels, failOn: 'error', sequentialRead: true, autoOrient: true, ...extra };
}

/** The pictures made from one decode, and the colours and hash of the same pixels. */
interface Pictures {
  files: Derivative[];
  visuals: PictureVisuals;
}

/**
 * One decode for both pictures: the source is decoded and shrunk once to the preview size into
 * raw pixels (JPEG shrink-on-load applies when the source is large enough), then the preview is
 * encoded from those pixels, the thumbnail resized from them, and the colours and look-alike hash
 * taken from them (the visuals job then stores them without reading the preview back). Decoding the source a second time
 * for the thumbnail, even with shrink-on-load, measured slower on two cores with two jobs running
 * (200 12-MP JPEGs: 37.3 s with one decode, 46.7 s with two).
 */
async function renderPair(
  source: Sharp,
  large: 'preview' | 'poster',
  outDir: string,
  s: Settings,
  written: string[],
): Promise<Pictures> {
  const seconds = Math.max(1, Math.ceil(s.timeoutMs / 1000));
  const { data, info } = await source
    .resize(s.previewSize, s.previewSize, { fit: 'inside', withoutEnlargement: true })
    // Colour-managed to sRGB and 8 bits, so CMYK, 16-bit and wide-gamut sources come out right.
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .timeout({ seconds })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const largePath = join(outDir, `${large}.webp`);
  const thumbPath = join(outDir, 'thumbnail.webp');
  written.push(largePath, thumbPath);
  // In sequence: with one job per core, running these two side by side measured no faster.
  const big = await sharp(data, raw)
    .webp({ quality: s.previewQuality, effort: s.effort })
    .timeout({ seconds })
    .toFile(largePath);
  const small = await sharp(data, raw)
    .resize(s.thumbnailSize, s.thumbnailSize, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: s.thumbnailQuality, effort: s.effort })
    .timeout({ seconds })
    .toFile(thumbPath);
  const visuals = await visualsOfPixels({ data, ...raw.raw });
  const files: Derivative[] = [
    {
      kind: 'thumbnail',
      path: thumbPath,
      width: small.width,
      height: small.height,
      mime: 'image/webp',
      bytes: small.size,
    },
    { kind: large, path: largePath, width: big.width, height: big.height, mime: 'image/webp', bytes: big.size },
  ];
  return { files, visuals };
}

// libvips picks the loader from the bytes, not the name. These are the loaders a raster upload may reach.
const RASTER_LOADERS = new Set(['jpeg', 'png', 'gif', 'webp', 'tiff', 'heif']);

/** JPEG, PNG, WebP, GIF, TIFF, AVIF. Animated and multi-page files give their first frame (sharp's default). */
async function fromImage(input: string | Buffer, outDir: string, s: Settings, written: string[]): Promise<Pictures> {
  // Bytes that are really SVG must not reach librsvg by path: it would read local files they reference.
  const { format } = await sharp(input, { limitInputPixels: false }).metadata();
  if (format === 'svg') return fromSvg(input, outDir, s, written);
  if (!RASTER_LOADERS.has(format)) throw new MediaError('unreadable', `Unexpected image format: ${format}`);
  return renderPair(sharp(input, sourceOptions(s)), 'preview', outDir, s, written);
}

// An SVG of a few KB can declare any size; beyond this the file itself is suspect.
const MAX_SVG_BYTES = 20 * 1024 * 1024;

/**
 * SVG is rasterised, never copied: the original can carry scripts and is never served inline.
 * librsvg does not run scripts, and loading from a buffer (no base path) stops it from reading
 * other local files through <image href>. The density is chosen so the longest side renders at
 * the preview size: at the default 72 dpi a 24-px icon would be enlarged blurry.
 */
async function fromSvg(input: string | Buffer, outDir: string, s: Settings, written: string[]): Promise<Pictures> {
  const size = typeof input === 'string' ? (await stat(input)).size : input.length;
  if (size > MAX_SVG_BYTES) throw new MediaError('pixel_limit', 'SVG file too large to rasterise');
  const svg = typeof input === 'string' ? await readFile(input) : input;
  const meta = await sharp(svg, { limitInputPixels: false }).metadata();
  const longest = Math.max(meta.width, meta.height, 1);
  const density = Math.min(100_000, Math.max(1, (72 * s.previewSize) / longest));
  return renderPair(sharp(svg, sourceOptions(s, { density })), 'preview', outDir, s, written);
}

/**
 * HEIC/HEIF. The bundled libvips has no HEVC decoder, so libheif decodes it: Debian's
 * heif-convert to a JPEG when installed (the faster path), else libheif compiled to WebAssembly
 * in a worker thread, to raw pixels. The size is checked from the header before, since neither
 * has a pixel limit of ours. libheif applies the container's rotation itself, so the EXIF
 * orientation is not applied again.
 */
async function fromHeif(input: string, outDir: string, s: Settings, written: string[]): Promise<Pictures> {
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  if (meta.width * meta.height > s.limitInputPixels) {
    throw new MediaError('pixel_limit', `Input image exceeds pixel limit (${meta.width}×${meta.height})`);
  }
  // AV1-coded HEIF is decoded by libvips directly.
  if (meta.compression === 'av1') return fromImage(input, outDir, s, written);
  const unrotated = (source: Sharp) => renderPair(source, 'preview', outDir, s, written);
  if (!s.tools['heif-convert'].available) {
    const px = await decodeInWorker({ kind: 'heif', path: input, limitPixels: s.limitInputPixels }, s.timeoutMs);
    const raw = { raw: { width: px.width, height: px.height, channels: 4 as const } };
    return unrotated(sharp(Buffer.from(px.data), { ...raw, limitInputPixels: s.limitInputPixels }));
  }
  return withTemp(s, async (tmp) => {
    await runTool(s.tools['heif-convert'].command, ['--quiet', '-q', '92', input, join(tmp, 'decoded.jpg')], {
      timeoutMs: s.timeoutMs,
    });
    // A file with several top-level images yields decoded-1.jpg, decoded-2.jpg…; the first is the primary in practice.
    const decoded = (await readdir(tmp)).filter((f) => f.endsWith('.jpg')).sort()[0];
    if (!decoded) throw new MediaError('unreadable', 'heif-convert produced no image');
    return unrotated(sharp(join(tmp, decoded), sourceOptions(s, { autoOrient: false })));
  });
}

/**
 * The poster is taken at 1 s, or at 10 % of a clip shorter than 10 s so a fade-in from black is
 * skipped, or at the first frame for very short clips or when the duration is unknown.
 */
export function posterTime(duration: number | undefined): number {
  if (duration === undefined) return 0;
  const t = Math.min(1, duration * 0.1);
  return t < 0.05 ? 0 : Math.round(t * 1000) / 1000;
}

/** A file ffprobe cannot read as a video fails for good here, with the reason (video.ts). */
async function fromVideo(input: string, outDir: string, s: Settings, written: string[]) {
  if (!s.tools.ffprobe.available) return fromFrame(input, 0, 'poster', outDir, s, written);
  const limits = { ...VIDEO_LIMITS, maxPixels: s.limitInputPixels, maxSeconds: Infinity, maxInputBytes: Infinity };
  const { duration } = await probeVideo(input, { ...limits, timeoutMs: s.timeoutMs }, s.tools);
  return fromFrame(input, posterTime(duration), 'poster', outDir, s, written);
}

/** The size a BMP declares (BITMAPINFOHEADER and later), checked like sharp checks its formats. */
async function checkBmpSize(input: string, limit: number): Promise<void> {
  const { head } = await readHead(input, 26);
  if (head.length < 26 || head.toString('latin1', 0, 2) !== 'BM') throw new MediaError('unreadable', 'Not a BMP file');
  const width = Math.abs(head.readInt32LE(18));
  const height = Math.abs(head.readInt32LE(22));
  if (width * height > limit)
    throw new MediaError('pixel_limit', `Input image exceeds pixel limit (${width}×${height})`);
}

/** One frame through ffmpeg (a video poster, or a BMP), already no larger than the preview size. */
async function fromFrame(
  input: string,
  at: number,
  large: 'preview' | 'poster',
  outDir: string,
  s: Settings,
  written: string[],
) {
  return withTemp(s, async (tmp) => {
    const frame = join(tmp, 'frame.png');
    const grab = (t: number) =>
      runTool(
        s.tools.ffmpeg.command,
        [
          '-nostdin',
          '-v',
          'error',
          '-y',
          // Only local files: a crafted playlist cannot make ffmpeg fetch URLs or read other files.
          '-protocol_whitelist',
          'file',
          ...(t > 0 ? ['-ss', String(t)] : []),
          // The decoder refuses frames beyond our pixel limit instead of allocating them.
          '-max_pixels',
          String(s.limitInputPixels),
          '-i',
          input,
          '-map',
          '0:v:0',
          '-frames:v',
          '1',
          '-an',
          '-sn',
          '-dn',
          // Square pixels first (anamorphic video), then at most the preview size, never enlarged.
          '-vf',
          `scale='trunc(iw*sar/2)*2':ih,setsar=1,scale='min(${s.previewSize},iw)':'min(${s.previewSize},ih)':force_original_aspect_ratio=decrease`,
          '-c:v',
          'png',
          '-compression_level',
          '1',
          '-update',
          '1',
          frame,
        ],
        { timeoutMs: s.timeoutMs },
      );
    await grab(at);
    // Seeking past the last decodable frame writes nothing; the first frame always exists.
    if (at > 0 && !(await exists(frame))) await grab(0);
    if (!(await exists(frame))) throw new MediaError('unreadable', 'ffmpeg produced no frame');
    return renderPair(sharp(frame, sourceOptions(s, { autoOrient: false })), large, outDir, s, written);
  });
}

/**
 * First page only, rendered straight to the preview size: by poppler when installed (the faster
 * path), else by pdf.js on @napi-rs/canvas in a worker thread.
 */
async function fromPdf(input: string, outDir: string, s: Settings, written: string[]) {
  if (!s.tools.pdftoppm.available) {
    const page = await decodeInWorker({ kind: 'pdf-page', path: input, size: s.previewSize }, s.timeoutMs);
    return renderPair(
      sharp(Buffer.from(page.data), sourceOptions(s, { autoOrient: false })),
      'preview',
      outDir,
      s,
      written,
    );
  }
  return withTemp(s, async (tmp) => {
    const prefix = join(tmp, 'page');
    await runTool(
      s.tools.pdftoppm.command,
      ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to', String(s.previewSize), '--', input, prefix],
      { timeoutMs: s.timeoutMs },
    );
    const page = `${prefix}.png`;
    if (!(await exists(page))) throw new MediaError('unreadable', 'pdftoppm produced no page');
    return renderPair(sharp(page, sourceOptions(s, { autoOrient: false })), 'preview', outDir, s, written);
  });
}

/** Notes the files made, so a later failure removes them. */
async function track<T extends { path: string }>(written: string[], files: Promise<T[]>): Promise<T[]> {
  const made = await files;
  written.push(...made.map((f) => f.path));
  return made;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    (st) => st.size > 0,
    () => false,
  );
}

async function withTemp<T>(s: Settings, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(s.tmpDir ?? tmpdir(), 'bv-media-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
