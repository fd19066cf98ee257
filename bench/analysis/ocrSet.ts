// The OCR evaluation set (issue 42, "Honest quality figures"): images the bench renders itself
// with known text, so the set ships as this generator rather than as image files. Each image
// holds two phrases (English and Spanish, accents included) in one of five DejaVu faces, at one
// of seven sizes (14–120 px), turned by 0, ±5 or ±15°, over one of four backgrounds. The choice
// of each factor is drawn from a fixed seed, so every run renders the same images.
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prng } from '../lib/common.js';

const require = createRequire(import.meta.url);
const ttf = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

export const FONTS = [
  { name: 'sans', file: ttf('DejaVuSans.ttf'), pango: 'DejaVu Sans' },
  { name: 'serif', file: ttf('DejaVuSerif.ttf'), pango: 'DejaVu Serif' },
  { name: 'mono', file: ttf('DejaVuSansMono.ttf'), pango: 'DejaVu Sans Mono' },
  { name: 'sans-bold', file: ttf('DejaVuSans-Bold.ttf'), pango: 'DejaVu Sans Bold' },
  { name: 'serif-bold', file: ttf('DejaVuSerif-Bold.ttf'), pango: 'DejaVu Serif Bold' },
] as const;
export const SIZES = [14, 20, 28, 40, 64, 90, 120] as const;
export const ANGLES = [0, 5, -5, 15, -15] as const;
export const BACKGROUNDS = ['flat', 'gradient', 'noise', 'low-contrast'] as const;
export type Background = (typeof BACKGROUNDS)[number];

/** Phrases a brand's files carry: offers, campaign lines, labels; Spanish ones with á é í ó ú ñ ü. */
export const PHRASES = [
  'Summer Sale 30% off',
  'New collection available now',
  'Free shipping on every order',
  'Grand opening this Saturday',
  'Limited edition coffee beans',
  'Visit our flagship store',
  'Spring launch event 2026',
  'Handmade leather wallets',
  'Quarterly results presentation',
  'Book your table tonight',
  'Rebajas de verano en toda la tienda',
  'Campaña de otoño para niños',
  'Envío gratis en pedidos grandes',
  'Próxima apertura en León',
  'Edición limitada de café',
  'Música en vivo cada jueves',
  'Pingüino de peluche',
  'Oferta válida hasta el sábado',
  'Diseño español hecho a mano',
  'Información para la prensa',
] as const;

export interface OcrCase {
  name: string;
  font: (typeof FONTS)[number]['name'];
  size: number;
  angle: number;
  background: Background;
  /** The text drawn, one phrase per line. */
  text: string[];
  /** The image as a JPEG (quality 90), as an upload would arrive. */
  jpeg: Buffer;
  width: number;
  height: number;
}

const escapeMarkup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Background and ink per kind; low contrast is grey on grey (contrast ratio about 1.5). */
const INK: Record<Background, string> = {
  flat: '#1d1d1b',
  gradient: '#101820',
  noise: '#111111',
  'low-contrast': '#5c5c5c',
};

async function background(kind: Background, width: number, height: number): Promise<Buffer> {
  if (kind === 'flat')
    return sharp({ create: { width, height, channels: 3, background: '#f4efe6' } })
      .png()
      .toBuffer();
  if (kind === 'low-contrast')
    return sharp({ create: { width, height, channels: 3, background: '#8e8e8e' } })
      .png()
      .toBuffer();
  if (kind === 'gradient')
    return sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1">` +
          `<stop offset="0" stop-color="#fdf6e3"/><stop offset="1" stop-color="#7fb3d5"/></linearGradient></defs>` +
          `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
  return sharp({
    create: { width, height, channels: 3, background: '#b0b0b0', noise: { type: 'gaussian', mean: 175, sigma: 40 } },
  })
    .png()
    .toBuffer();
}

/** One case rendered: the text as an RGBA layer (Pango, the DejaVu file given), turned, then laid on its background. */
export async function renderCase(c: Omit<OcrCase, 'jpeg' | 'width' | 'height'>): Promise<OcrCase> {
  const font = FONTS.find((f) => f.name === c.font)!;
  const markup = `<span foreground="${INK[c.background]}">${c.text.map(escapeMarkup).join('\n')}</span>`;
  // At 72 dpi a Pango size in points is that many pixels.
  const layer = await sharp({
    text: {
      text: markup,
      font: `${font.pango} ${c.size}`,
      fontfile: font.file,
      dpi: 72,
      rgba: true,
      spacing: c.size / 2,
    },
  })
    .rotate(c.angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const pad = Math.max(40, c.size);
  const width = Math.max(640, layer.info.width + 2 * pad);
  const height = Math.max(480, layer.info.height + 2 * pad);
  const jpeg = await sharp(await background(c.background, width, height))
    .composite([{ input: layer.data, gravity: 'centre' }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { ...c, jpeg, width, height };
}

/**
 * The set: `count` cases (48 by default), each factor drawn from the seed so that every font,
 * size, angle and background appears several times.
 */
export async function ocrSet(count = 48, seed = 42): Promise<OcrCase[]> {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[], i: number) => xs[(i + Math.floor(rnd() * xs.length)) % xs.length]!;
  const cases: OcrCase[] = [];
  for (let i = 0; i < count; i++) {
    const english = PHRASES[i % 10]!;
    const spanish = PHRASES[10 + ((i * 3) % 10)]!;
    const c = {
      name: `ocr-${String(i + 1).padStart(2, '0')}`,
      font: pick(FONTS, i).name,
      size: pick(SIZES, i),
      angle: pick(ANGLES, i),
      background: pick(BACKGROUNDS, i),
      text: i % 2 ? [spanish, english] : [english, spanish],
    };
    cases.push(await renderCase(c));
  }
  return cases;
}
