import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
/** A group photo that ships with the face model's package (five people, faces in view). */
const groupPhoto = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets/screenshot-facedetect.jpg');

/**
 * A poster for the smart search journey: the group photo under a band with `words` printed in it,
 * and a smaller copy of the same poster (other bytes, so not an exact duplicate: a look-alike).
 */
export async function makePoster(words: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bv-e2e-smart-'));
  const photo = sharp(groupPhoto);
  const { width = 1200, height = 800 } = await photo.metadata();
  const band = 260;
  const svg = `<svg width="${width}" height="${band}" xmlns="http://www.w3.org/2000/svg">
    <rect width="100%" height="100%" fill="#fff8e7"/>
    <text x="50%" y="${band / 2 + 30}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${Math.round(width / 12)}" fill="#1a1a1a">${words}</text>
  </svg>`;
  const poster = join(dir, 'poster.jpg');
  const copy = join(dir, 'poster-small.jpg');
  await sharp({ create: { width, height: height + band, channels: 3, background: '#fff8e7' } })
    .composite([
      { input: Buffer.from(svg), top: 0, left: 0 },
      { input: await photo.toBuffer(), top: band, left: 0 },
    ])
    .jpeg({ quality: 90 })
    .toFile(poster);
  await sharp(poster)
    .resize({ width: Math.round(width * 0.6) })
    .jpeg({ quality: 70 })
    .toFile(copy);
  return { poster, copy };
}
