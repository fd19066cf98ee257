import sharp from 'sharp';
import { configureSharp } from '../../../media/sharp-settings.js';

export interface PreparedPreview {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Longest side, in pixels, of a preview on its own page: about 200 dpi across an A4 page. */
export const PAGE_PREVIEW_PX = 1600;
/** Longest side of a contact-sheet thumbnail (a cell is about 2.3 inches wide). */
export const SHEET_PREVIEW_PX = 500;

// A derivative is at most 2048 px; anything far larger is not one of ours and is not decoded.
const MAX_INPUT_PIXELS = 64_000_000;

/**
 * A stored preview (WebP, JPEG or PNG) as a JPEG no larger than `maxPx`, which is all PDFKit can
 * embed without keeping raw pixels: transparency is flattened onto white, orientation applied.
 * Null when the bytes cannot be decoded: one broken derivative shows its type icon rather than
 * failing the whole PDF.
 */
export async function preparePreview(bytes: Buffer, maxPx: number): Promise<PreparedPreview | null> {
  configureSharp();
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 80, mozjpeg: false })
      .timeout({ seconds: 60 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
