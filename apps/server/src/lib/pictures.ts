import type { Crop } from '@brandvault/contract';
import sharp from 'sharp';
import { invalid } from './appError.js';

const MAX_INPUT_PIXELS = 100_000_000;

/**
 * A brand or folder picture: decoded with a pixel limit, cropped to the rectangle the user chose
 * (clamped to the image), fitted inside `max` pixels and stored as WebP. Anything that does not
 * decode as an image is a field error on `field`.
 */
export async function pictureToWebp(data: Buffer, crop: Crop | undefined, field: string, max = 1200): Promise<Buffer> {
  try {
    let img = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    if (crop) {
      const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .toBuffer({ resolveWithObject: true });
      const { width = 0, height = 0 } = meta.info;
      const left = Math.min(crop.x, Math.max(0, width - 1));
      const top = Math.min(crop.y, Math.max(0, height - 1));
      img = sharp(meta.data).extract({
        left,
        top,
        width: Math.max(1, Math.min(crop.width, width - left)),
        height: Math.max(1, Math.min(crop.height, height - top)),
      });
    }
    return await img.resize(max, max, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer();
  } catch {
    throw invalid({ [field]: 'image' });
  }
}

/** Formats a profile photo may come in: what the bundled libvips decodes itself (no SVG). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

/**
 * Whether the bytes are a raster image that decodes whole within the pixel limit (a renamed PDF,
 * an SVG, an HEVC-coded HEIC the bundled libvips cannot read, a truncated file: all false).
 */
export async function isDecodablePhoto(data: Buffer): Promise<boolean> {
  try {
    const { format } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!PHOTO_FORMATS.has(format)) return false;
    // Decoding for real (shrunk on load where the format allows) finds corrupt data early.
    await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * A square picture in each of `sizes` (WebP), from the upright image: the crop clamped to it and
 * trimmed to the square around its centre when it is not one; without a crop, the centre square.
 * Anything that does not decode is a field error on `field`.
 */
export async function squarePictures(
  data: Buffer,
  crop: Crop | undefined,
  sizes: readonly number[],
  field: string,
): Promise<Buffer[]> {
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const W = turned ? meta.height : meta.width;
    const H = turned ? meta.width : meta.height;
    const area = crop ?? { x: 0, y: 0, width: W, height: H };
    const left = Math.min(area.x, W - 1);
    const top = Math.min(area.y, H - 1);
    const width = Math.max(1, Math.min(area.width, W - left));
    const height = Math.max(1, Math.min(area.height, H - top));
    const side = Math.min(width, height);
    const square = {
      left: left + Math.floor((width - side) / 2),
      top: top + Math.floor((height - side) / 2),
      width: side,
      height: side,
    };
    const out: Buffer[] = [];
    for (const size of sizes)
      out.push(
        await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .extract(square)
          .resize(size, size, { fit: 'cover' })
          .webp({ quality: 85 })
          .toBuffer(),
      );
    return out;
  } catch {
    throw invalid({ [field]: 'image' });
  }
}
