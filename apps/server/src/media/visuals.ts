import sharp from 'sharp';

/** Above this many pixels an image is refused unread (a 20,000 × 20,000 image or a bomb). */
export const VISUALS_PIXEL_LIMIT = 100_000_000;

export interface Colour {
  hex: string;
  share: number;
}
export type VisualsResult =
  { state: 'done'; colours: Colour[]; hash: string } | { state: 'skipped' | 'failed'; reason: string };

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** The few most common colours, from 4-bit-per-channel buckets of a small copy (each averaged back). */
function dominant(raw: Buffer): Colour[] {
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  const pixels = raw.length / 3;
  for (let i = 0; i < raw.length; i += 3) {
    const [r, g, b] = [raw[i]!, raw[i + 1]!, raw[i + 2]!];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const s = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    s.n += 1;
    s.r += r;
    s.g += g;
    s.b += b;
    buckets.set(key, s);
  }
  return [...buckets.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, 5)
    .filter((s) => s.n / pixels >= 0.03)
    .map((s) => ({
      hex: `#${hex2(s.r / s.n)}${hex2(s.g / s.n)}${hex2(s.b / s.n)}`,
      share: Math.round((s.n / pixels) * 100) / 100,
    }));
}

/** dHash: a 9×8 grey copy, one bit per neighbour pair (left brighter than right), as 16 hex digits. */
function dHash(grey: Buffer): string {
  let bits = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (grey[y * 9 + x]! > grey[y * 9 + x + 1]! ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/**
 * Colours and perceptual hash of an image file. The header is read first so an oversized image is
 * skipped without decoding it; a file sharp cannot decode is failed; neither throws.
 */
export async function analyseVisuals(path: string): Promise<VisualsResult> {
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch (err) {
    return { state: 'failed', reason: `unreadable image: ${(err as Error).message}`.slice(0, 200) };
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > VISUALS_PIXEL_LIMIT)
    return { state: 'skipped', reason: `too large: ${meta.width} × ${meta.height} pixels` };
  try {
    // One decode (JPEG shrinks on load): the small copy gives the colours and, greyed, the hash.
    const { data, info } = await sharp(path, { limitInputPixels: VISUALS_PIXEL_LIMIT, failOn: 'error' })
      .rotate()
      .resize(64, 64, { fit: 'inside' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { state: 'done', ...(await ofSmallCopy(data, info.width, info.height)) };
  } catch (err) {
    return { state: 'failed', reason: `cannot decode image: ${(err as Error).message}`.slice(0, 200) };
  }
}

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/**
 * Colours and hash of pixels already decoded (8-bit sRGB, upright), such as the derivatives job's
 * preview-sized copy: the image is not read or decoded again.
 */
export async function visualsOfPixels(px: Pixels): Promise<{ colours: Colour[]; hash: string }> {
  const { data, info } = await sharp(px.data, {
    raw: { width: px.width, height: px.height, channels: px.channels as 3 },
  })
    .resize(64, 64, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return ofSmallCopy(data, info.width, info.height);
}

/** The 64-px RGB copy gives the colours and, greyed, the hash. */
async function ofSmallCopy(rgb: Buffer, width: number, height: number) {
  const grey = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { colours: dominant(rgb), hash: dHash(grey) };
}

/** Bits that differ between two hashes of 16 hex digits. */
export function hamming(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/** The four 16-bit bands of a hash, for candidate lookup by an equal band. */
export const bands = (hash: string) => [0, 1, 2, 3].map((i) => parseInt(hash.slice(i * 4, i * 4 + 4), 16));
