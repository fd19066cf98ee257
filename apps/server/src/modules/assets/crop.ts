import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { CROP_MAX_PIXELS, CROP_MAX_SIDE } from '@brandvault/contract';
import type { AssetCropQuery, CropFormat } from '@brandvault/contract';
import type { z } from 'zod';
import { invalid } from '../../http/errors.js';
import { DEFAULT_PIXEL_LIMIT } from '../../media/derivatives.js';

type Crop = z.output<typeof AssetCropQuery>;

/** Originals the bundled libvips decodes itself (HEIC needs an external tool; SVG could carry script). */
const CROPPABLE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'tif', 'tiff', 'avif']);
const MIME: Record<CropFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};
const EXT: Record<CropFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

export const croppable = (a: { type: string; ext: string }) => a.type === 'image' && CROPPABLE.has(a.ext.toLowerCase());

export interface Rendered {
  data: Buffer;
  mime: string;
  /** The name to save as: `<original's name>-crop-<w>x<h>.<ext>`. */
  name: string;
  /** The source rectangle in pixels of the upright original, and the output's size. */
  rect: { left: number; top: number; width: number; height: number };
  width: number;
  height: number;
}

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Renders a cropped download: EXIF orientation first, then the rectangle (fractions rounded to
 * whole pixels and clamped to the image), then the resize and the encoding. An output with more
 * pixels than the rectangle on either side is refused unless upscaling was asked for.
 */
export async function renderCrop(source: Readable, fileName: string, q: Crop): Promise<Rendered> {
  const input = await bytes(source);
  const options = { limitInputPixels: DEFAULT_PIXEL_LIMIT, failOn: 'error', autoOrient: true } as const;
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch {
    throw invalid({ format: 'cropImage' });
  }
  const W = meta.autoOrient?.width ?? meta.width;
  const H = meta.autoOrient?.height ?? meta.height;
  if (!W || !H || meta.format === 'svg') throw invalid({ format: 'cropImage' });

  const left = Math.min(W - 1, Math.round(q.x * W));
  const top = Math.min(H - 1, Math.round(q.y * H));
  const cw = Math.max(1, Math.min(W - left, Math.round(q.w * W)));
  const ch = Math.max(1, Math.min(H - top, Math.round(q.h * H)));
  const width = q.width;
  const height = q.height ?? Math.max(1, Math.round((width * ch) / cw));
  if (q.upscale !== 'true' && (width > cw || height > ch))
    throw invalid({ [width > cw ? 'width' : 'height']: 'upscale' });
  // A height kept to a tall rectangle's aspect is not bounded by the query's own limits.
  if (height > CROP_MAX_SIDE || width * height > CROP_MAX_PIXELS)
    throw invalid({ [height > CROP_MAX_SIDE || !q.height ? 'height' : 'width']: 'cropTooLarge' });

  let pipeline = sharp(input, options)
    .extract({ left, top, width: cw, height: ch })
    // An explicit height of another aspect fills the box from the rectangle's middle, never stretches.
    .resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
    .timeout({ seconds: 60 });
  if (q.format === 'jpeg')
    pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: q.quality, mozjpeg: false });
  else if (q.format === 'png') pipeline = pipeline.png({ compressionLevel: 6 });
  else if (q.format === 'webp') pipeline = pipeline.webp({ quality: q.quality, effort: 2 });
  else pipeline = pipeline.avif({ quality: q.quality, effort: 2 });
  let data: Buffer;
  try {
    data = await pipeline.toBuffer();
  } catch {
    throw invalid({ format: 'cropImage' });
  }
  const base = fileName.replace(/\.[^.]+$/, '') || 'image';
  return {
    data,
    mime: MIME[q.format],
    name: `${base}-crop-${width}x${height}.${EXT[q.format]}`,
    rect: { left, top, width: cw, height: ch },
    width,
    height,
  };
}
