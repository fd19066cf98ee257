import type { Crop } from '@brandvault/contract';
import sharp from 'sharp';
import { invalid } from '../http/errors.js';

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
