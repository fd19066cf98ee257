import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { MediaError } from './errors.js';
import { runTool, ToolError } from './tools.js';
import type { Tools } from './tools.js';

/** The waveform's size: wide and short, like the players that show one. */
export const WAVEFORM = { width: 1600, height: 400, thumbnailWidth: 400 };

// The containers audio uploads may hold (types.ts); anything else is refused by the demuxer.
const DEMUXERS = 'mov,matroska,mp3,wav,aac,ogg,flac';

export interface WaveformFile {
  kind: 'thumbnail' | 'preview';
  path: string;
  width: number;
  height: number;
  mime: 'image/webp';
  bytes: number;
}

/**
 * An audio file's waveform, drawn by ffmpeg's showwavespic (all channels mixed into one, on a
 * transparent background), as the preview and a smaller thumbnail. At most `maxSeconds` of the
 * file are read, so a stream that never ends still finishes.
 */
export async function makeWaveform(
  inputPath: string,
  outDir: string,
  tmp: string,
  opts: { tools: Tools; timeoutMs: number; maxSeconds?: number; quality?: number },
): Promise<WaveformFile[]> {
  const png = join(tmp, 'waveform.png');
  try {
    await runTool(
      opts.tools.ffmpeg.command,
      [
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-protocol_whitelist',
        'file',
        '-format_whitelist',
        DEMUXERS,
        '-t',
        String(opts.maxSeconds ?? 4 * 3600),
        '-i',
        resolve(inputPath),
        '-filter_complex',
        `[0:a:0]aformat=channel_layouts=mono,showwavespic=s=${WAVEFORM.width}x${WAVEFORM.height}:colors=0x3b82f6[w]`,
        '-map',
        '[w]',
        '-frames:v',
        '1',
        '-c:v',
        'png',
        '-f',
        'image2',
        png,
      ],
      { timeoutMs: opts.timeoutMs },
    );
  } catch (err) {
    if (err instanceof ToolError)
      throw new MediaError(err.timedOut ? 'timeout' : 'unreadable', `No waveform: ${err.message}`, { cause: err });
    throw err;
  }
  const quality = opts.quality ?? 80;
  const preview = join(outDir, 'preview.webp');
  const thumbnail = join(outDir, 'thumbnail.webp');
  const big = await sharp(png).webp({ quality, alphaQuality: 80 }).toFile(preview);
  const small = await sharp(png)
    .resize({ width: WAVEFORM.thumbnailWidth })
    .webp({ quality, alphaQuality: 80 })
    .toFile(thumbnail);
  return [
    {
      kind: 'thumbnail',
      path: thumbnail,
      width: small.width,
      height: small.height,
      mime: 'image/webp',
      bytes: small.size,
    },
    { kind: 'preview', path: preview, width: big.width, height: big.height, mime: 'image/webp', bytes: big.size },
  ];
}
