import sharp from 'sharp';

/** Above this many pixels an image is refused unread (a 20,000 × 20,000 image or a bomb). */
export const TEXT_PIXEL_LIMIT = 100_000_000;
/**
 * OCR reads pictures at most this long on their long side. Detection runs at the size it is given,
 * so the cost grows with the pixels: measured warm on the 2-core reference machine, a 12 MP photo
 * with text took 1.0 s of CPU at 1600 px and 1.7 s at 2048 px (the preview's size), against the
 * 2 s target; 1600 px still read a line 3 % of the photo's height tall.
 */
export const OCR_LONG_SIDE = 1600;

export type OcrInput =
  { state: 'ready'; image: Buffer; width: number; height: number } | { state: 'skipped' | 'failed'; reason: string };

/**
 * The picture OCR reads, from an image file (the preview, the poster or the original): turned
 * upright, shrunk to OCR_LONG_SIDE, as JPEG. The header is read first so an oversized image is
 * skipped without decoding it; a file sharp cannot decode is failed; neither throws.
 */
export async function ocrInput(path: string): Promise<OcrInput> {
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch (err) {
    return { state: 'failed', reason: `unreadable image: ${(err as Error).message}`.slice(0, 200) };
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > TEXT_PIXEL_LIMIT)
    return { state: 'skipped', reason: `too large: ${meta.width} × ${meta.height} pixels` };
  try {
    const { data, info } = await sharp(path, { limitInputPixels: TEXT_PIXEL_LIMIT, failOn: 'error' })
      .rotate()
      .resize(OCR_LONG_SIDE, OCR_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92 })
      .toBuffer({ resolveWithObject: true });
    return { state: 'ready', image: data, width: info.width, height: info.height };
  } catch (err) {
    return { state: 'failed', reason: `cannot decode image: ${(err as Error).message}`.slice(0, 200) };
  }
}
