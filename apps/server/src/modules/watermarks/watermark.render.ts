import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { OverlayOptions } from 'sharp';
import type { WatermarkPosition } from '@brandvault/contract';
import { DEFAULT_PIXEL_LIMIT } from '../../media/derivatives.js';

/** A font shipped with the server: tiled text renders the same without system fonts. */
const FONT_FILE = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const XMP_NS = 'https://brandvault.app/ns/trace/1.0/';
const TRACE_RE = /<bv:TraceId>([A-Za-z0-9_-]{16,40})<\/bv:TraceId>/;

/** The brand's mark as drawn: its PNG, or its name as text when the brand set no image. */
export interface OverlaySpec {
  image: Buffer | null;
  text: string | null;
  position: WatermarkPosition;
  /** Percent. */
  opacity: number;
  /** Percent of the picture's shorter side. */
  scale: number;
}

/** Formats written back as themselves; GIF carries no XMP, so it becomes PNG. */
const OUTPUT: Record<string, { format: 'jpeg' | 'png' | 'webp' | 'avif' | 'tiff'; mime: string; ext: string }> = {
  jpeg: { format: 'jpeg', mime: 'image/jpeg', ext: 'jpg' },
  png: { format: 'png', mime: 'image/png', ext: 'png' },
  webp: { format: 'webp', mime: 'image/webp', ext: 'webp' },
  avif: { format: 'avif', mime: 'image/avif', ext: 'avif' },
  heif: { format: 'avif', mime: 'image/avif', ext: 'avif' },
  tiff: { format: 'tiff', mime: 'image/tiff', ext: 'tif' },
  gif: { format: 'png', mime: 'image/png', ext: 'png' },
};

const escapeMarkup = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A line of white text with a dark outline-like shadow, about `px` pixels high, as RGBA PNG. */
async function textImage(text: string, px: number): Promise<Buffer> {
  const dpi = Math.max(20, Math.min(1200, Math.round((px * 72) / 13)));
  const markup = `<span foreground="white" background="#00000055"> ${escapeMarkup(text)} </span>`;
  return sharp({ text: { text: markup, fontfile: FONT_FILE, font: 'DejaVu Sans 10', dpi, rgba: true } })
    .png()
    .toBuffer();
}

/** Multiplies the alpha of an RGBA picture by `opacity` percent. */
const fade = (png: Buffer, opacity: number) =>
  sharp(png)
    .ensureAlpha()
    .linear([1, 1, 1, opacity / 100], [0, 0, 0, 0])
    .png()
    .toBuffer();

/** Shrinks an overlay that would not fit (sharp refuses a composite larger than its base). */
async function fitWithin(png: Buffer, W: number, H: number): Promise<Buffer> {
  const m = await sharp(png).metadata();
  if ((m.width ?? 0) <= W && (m.height ?? 0) <= H) return png;
  return sharp(png).resize(W, H, { fit: 'inside' }).png().toBuffer();
}

/** Transparent margins around a tile, so repeats do not touch. */
async function padded(png: Buffer, pad: number): Promise<Buffer> {
  const bg = { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp(png).extend({ top: pad, bottom: pad, left: pad, right: pad, background: bg }).png().toBuffer();
}

const GRAVITY: Record<Exclude<WatermarkPosition, 'tiled'>, string> = {
  center: 'centre',
  'top-left': 'northwest',
  'top-right': 'northeast',
  'bottom-left': 'southwest',
  'bottom-right': 'southeast',
};

/** The brand's mark, sized and faded for a W×H picture, as a composite layer. */
async function overlayLayer(spec: OverlaySpec, W: number, H: number): Promise<OverlayOptions> {
  const side = Math.min(W, H);
  const width = Math.max(8, Math.round((side * spec.scale) / 100));
  let mark = spec.image
    ? await sharp(spec.image).ensureAlpha().resize({ width, withoutEnlargement: false }).png().toBuffer()
    : await sharp(await textImage(spec.text ?? '', Math.max(10, Math.round(width / 6))))
        .resize({ width, fit: 'inside' })
        .png()
        .toBuffer();
  mark = await fade(mark, spec.opacity);
  if (spec.position === 'tiled') {
    const pad = Math.max(4, Math.round(width / 4));
    return { input: await fitWithin(await padded(mark, pad), W, H), tile: true };
  }
  const margin = spec.position === 'center' ? 0 : Math.round(side * 0.03);
  const framed = margin ? await padded(mark, margin) : mark;
  return { input: await fitWithin(framed, W, H), gravity: GRAVITY[spec.position] };
}

/** Faint, slanted, repeated text naming the recipient, across the whole picture. */
async function traceLayer(text: string, W: number, H: number): Promise<OverlayOptions> {
  const px = Math.max(10, Math.round(Math.min(W, H) / 28));
  const line = await fade(await textImage(text, px), 22);
  const tile = await sharp(await padded(line, px * 2))
    .rotate(-30, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return { input: await fitWithin(tile, W, H), tile: true };
}

/**
 * The short trace code, large and nearly opaque in a corner: metadata is lost on any re-save, this
 * stays legible after resizing to half and JPEG at low quality, so an admin can type it in.
 */
async function codeLayer(label: string, W: number, H: number): Promise<OverlayOptions> {
  const px = Math.max(12, Math.round(Math.min(W, H) / 16));
  const line = await fade(await textImage(label, px), 85);
  const margin = Math.round(Math.min(W, H) * 0.02);
  return { input: await fitWithin(await padded(line, margin), W, H), gravity: 'southwest' };
}

const xmpPacket = (code: string) =>
  `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">` +
  `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ` +
  `xmlns:bv="${XMP_NS}"><bv:TraceId>${code}</bv:TraceId></rdf:Description></rdf:RDF></x:xmpmeta>` +
  `<?xpacket end="w"?>`;

export interface Marked {
  data: Buffer;
  mime: string;
  ext: string;
}

/**
 * Draws the overlay and the trace text on a picture (EXIF orientation applied first) and writes
 * the trace code into its XMP; null when the bytes are not a picture sharp can write back.
 */
export async function renderMarks(
  input: Buffer | string,
  marks: {
    overlay: OverlaySpec | null;
    traceText: string | null;
    traceCode: string | null;
    traceLabel?: string | null;
  },
): Promise<Marked | null> {
  const options = { limitInputPixels: DEFAULT_PIXEL_LIMIT, failOn: 'error', autoOrient: true } as const;
  let meta;
  try {
    meta = await sharp(input, options).metadata();
  } catch {
    return null;
  }
  const out = OUTPUT[meta.format ?? ''];
  const W = meta.autoOrient?.width ?? meta.width;
  const H = meta.autoOrient?.height ?? meta.height;
  if (!out || !W || !H) return null;
  const layers: OverlayOptions[] = [];
  if (marks.overlay) layers.push(await overlayLayer(marks.overlay, W, H));
  if (marks.traceText) layers.push(await traceLayer(marks.traceText, W, H));
  if (marks.traceLabel) layers.push(await codeLayer(marks.traceLabel, W, H));
  let pipeline = sharp(input, options).composite(layers).keepIccProfile().timeout({ seconds: 60 });
  if (marks.traceCode) pipeline = pipeline.withXmp(xmpPacket(marks.traceCode));
  if (out.format === 'jpeg') pipeline = pipeline.jpeg({ quality: 90 });
  else if (out.format === 'png') pipeline = pipeline.png({ compressionLevel: 6 });
  else if (out.format === 'webp') pipeline = pipeline.webp({ quality: 88, effort: 2 });
  else if (out.format === 'avif') pipeline = pipeline.avif({ quality: 60, effort: 2 });
  else pipeline = pipeline.tiff();
  try {
    return { data: await pipeline.toBuffer(), mime: out.mime, ext: out.ext };
  } catch {
    return null;
  }
}

/** The trace code a file carries in its XMP (or anywhere in its bytes, if re-saved as text), else null. */
export async function readTraceCode(bytes: Buffer): Promise<string | null> {
  try {
    const xmp = (await sharp(bytes, { failOn: 'none' }).metadata()).xmp?.toString('utf8');
    const m = xmp ? TRACE_RE.exec(xmp) : null;
    if (m) return m[1]!;
  } catch {
    // Not a picture sharp reads: the raw bytes may still hold the packet.
  }
  return TRACE_RE.exec(bytes.toString('latin1'))?.[1] ?? null;
}

/** Whether bytes are a PNG (the only type a watermark image may be). */
export async function isPng(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const m = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' }).metadata();
    return m.format === 'png' && m.width && m.height ? { width: m.width, height: m.height } : null;
  } catch {
    return null;
  }
}
