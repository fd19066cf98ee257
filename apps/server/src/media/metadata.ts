import exifr from 'exifr';
import sharp from 'sharp';
import { isPdf } from './head.js';
import { configureSharp } from './sharp-settings.js';
import { detectTools, runTool } from './tools.js';
import type { Tools } from './tools.js';
import type { AssetType } from './types.js';
import { decodeInWorker } from './wasm/decoders.js';

export interface Camera {
  make?: string;
  model?: string;
  lens?: string;
  iso?: number;
  /** Shutter speed as photographers write it: "1/250", or "2" (seconds) for long exposures. */
  exposure?: string;
  /** The f-number: 2.8 means f/2.8. */
  aperture?: number;
  /** Millimetres. */
  focal_length?: number;
}

/** What the upload can know about a file. Every field is optional: odd files yield what they yield. */
export interface MediaMetadata {
  /** Displayed size: after EXIF orientation for photos, after rotation for phone videos, points for PDFs. */
  width?: number;
  height?: number;
  duration_seconds?: number;
  /** ISO 8601. A camera's wall-clock time without an offset is recorded as if it were UTC. */
  created_at?: string;
  author?: string;
  description?: string;
  keywords?: string[];
  camera?: Camera;
  /** Pages of a PDF or frames of a multi-page image, when more than one. */
  pages?: number;
}

export interface MetadataOptions {
  tools?: Tools;
  /** Per external tool call. */
  timeoutMs?: number;
}

type Dict = Record<string, unknown>;

export async function extractMetadata(
  path: string,
  assetType: AssetType,
  opts: MetadataOptions = {},
): Promise<MediaMetadata> {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const parts: MediaMetadata[] = [];
  // Each source is independent and any of them may fail on a given file; none may fail the upload.
  const attempt = async (fn: () => Promise<MediaMetadata>) => {
    try {
      parts.push(await fn());
    } catch {
      // Partial knowledge is the contract here: the other sources still count.
    }
  };
  if (assetType === 'image') {
    await attempt(() => imageDimensions(path));
    await attempt(() => embeddedMetadata(path));
  } else if (assetType === 'video' || assetType === 'audio') {
    const tools = opts.tools ?? (await detectTools());
    if (tools.ffprobe.available) await attempt(() => probeMedia(tools.ffprobe.command, path, timeoutMs));
  } else if (await isPdf(path)) {
    const tools = opts.tools ?? (await detectTools());
    await attempt(() =>
      tools.pdfinfo.available ? pdfInfo(tools.pdfinfo.command, path, timeoutMs) : pdfInfoByPdfJs(path, timeoutMs),
    );
  }
  return merge(parts);
}

/** Earlier parts win field by field; the sources are ordered from most to least trusted. */
function merge(parts: MediaMetadata[]): MediaMetadata {
  const out: MediaMetadata = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part) as [keyof MediaMetadata, unknown][]) {
      if (value !== undefined && out[key] === undefined) (out as Dict)[key] = value;
    }
  }
  return out;
}

async function imageDimensions(path: string): Promise<MediaMetadata> {
  configureSharp();
  // Header only: no pixels are decoded, so no pixel limit is needed to read the size of a bomb.
  const m = await sharp(path, { limitInputPixels: false }).metadata();
  const width = m.autoOrient.width ?? m.width;
  const height = m.autoOrient.height ?? m.height;
  return {
    ...(width ? { width } : {}),
    ...(height ? { height } : {}),
    ...(m.pages && m.pages > 1 ? { pages: m.pages } : {}),
  };
}

// Only the blocks that feed the fields above: skipping the maker notes and thumbnails keeps a
// parse to a few milliseconds. Raw values, because revived EXIF dates take the server's zone.
const EXIFR_OPTIONS = {
  tiff: true,
  exif: true,
  gps: false,
  interop: false,
  ifd1: false,
  iptc: true,
  xmp: true,
  icc: false,
  jfif: false,
  ihdr: false,
  makerNote: false,
  userComment: false,
  reviveValues: false,
  translateValues: false,
  mergeOutput: false,
};

/** EXIF, IPTC and XMP. Curated fields (XMP, IPTC) come before what a camera wrote (EXIF). */
async function embeddedMetadata(path: string): Promise<MediaMetadata> {
  const raw = (await exifr.parse(path, EXIFR_OPTIONS)) as Dict | undefined;
  if (!raw) return {};
  const ifd0 = dict(raw.ifd0);
  const exif = dict(raw.exif);
  const iptc = dict(raw.iptc);
  const dc = dict(raw.dc);
  const xmp = dict(raw.xmp);
  const photoshop = dict(raw.photoshop);
  const aux = dict(raw.aux);
  const exifEx = dict(raw.exifEX);

  const created =
    exifDate(exif.DateTimeOriginal, exif.OffsetTimeOriginal) ??
    exifDate(exif.CreateDate ?? exif.DateTimeDigitized, exif.OffsetTimeDigitized) ??
    isoDate(photoshop.DateCreated) ??
    isoDate(xmp.CreateDate) ??
    iptcDate(iptc.DateCreated, iptc.TimeCreated);

  const keywords = uniqueStrings([...strings(iptc.Keywords), ...strings(dc.subject)]);
  const camera = compact<Camera>({
    make: text(ifd0.Make),
    model: text(ifd0.Model),
    lens: text(exif.LensModel) ?? text(aux.Lens) ?? text(exifEx.LensModel),
    iso: positive(first(exif.ISO) ?? first(exif.ISOSpeedRatings) ?? first(exif.PhotographicSensitivity)),
    exposure: exposure(exif.ExposureTime),
    aperture: positive(exif.FNumber),
    focal_length: positive(exif.FocalLength),
  });

  return compact<MediaMetadata>({
    created_at: created,
    author: joined(dc.creator) ?? joined(iptc.Byline) ?? joined(ifd0.Artist),
    description: langText(dc.description) ?? text(iptc.Caption) ?? cameraDescription(ifd0.ImageDescription),
    keywords: keywords.length ? keywords : undefined,
    camera: Object.keys(camera).length ? camera : undefined,
  });
}

interface Probe {
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    tags?: Dict;
    side_data_list?: Dict[];
    disposition?: Dict;
  }[];
  format?: { duration?: string; tags?: Dict };
}

async function probeMedia(ffprobe: string, path: string, timeoutMs: number): Promise<MediaMetadata> {
  const { stdout } = await runTool(
    ffprobe,
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'format=duration:format_tags:stream=codec_type,width,height,duration:stream_tags:stream_side_data:stream_disposition=attached_pic',
      '--',
      path,
    ],
    { timeoutMs, maxOutputBytes: 2 * 1024 * 1024 },
  );
  const probe = JSON.parse(stdout) as Probe;
  // Cover art in an audio file is a "video" stream too; it is not the content's size.
  const video = probe.streams?.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const duration = positive(Number(probe.format?.duration ?? video?.duration ?? probe.streams?.[0]?.duration));
  const rotation = Number(
    video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video?.tags?.rotate ?? 0,
  );
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  const w = positive(video?.width);
  const h = positive(video?.height);
  const tags = lowerKeys(probe.format?.tags);
  const make = text(tags['com.apple.quicktime.make'] ?? tags.make);
  const model = text(tags['com.apple.quicktime.model'] ?? tags.model);
  return compact<MediaMetadata>({
    width: quarterTurn ? h : w,
    height: quarterTurn ? w : h,
    duration_seconds: duration !== undefined ? Math.round(duration * 1000) / 1000 : undefined,
    created_at: isoDate(tags['com.apple.quicktime.creationdate'] ?? tags.creation_time ?? tags.date),
    author: text(tags['com.apple.quicktime.author'] ?? tags.artist ?? tags.author ?? tags.album_artist),
    description: text(tags['com.apple.quicktime.description'] ?? tags.description ?? tags.comment),
    keywords: splitKeywords(tags['com.apple.quicktime.keywords'] ?? tags.keywords),
    camera: make || model ? compact<Camera>({ make, model }) : undefined,
  });
}

async function pdfInfo(pdfinfo: string, path: string, timeoutMs: number): Promise<MediaMetadata> {
  const { stdout } = await runTool(pdfinfo, ['-isodates', '-enc', 'UTF-8', '--', path], {
    timeoutMs,
    maxOutputBytes: 256 * 1024,
  });
  const info: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const m = /^([A-Za-z ]+?):\s+(.*)$/.exec(line);
    if (m?.[1] && m[2] !== undefined && !(m[1] in info)) info[m[1]] = m[2].trim();
  }
  const size = /([\d.]+) x ([\d.]+) pts/.exec(info['Page size'] ?? '');
  const pages = Number(info.Pages);
  return compact<MediaMetadata>({
    width: size?.[1] ? Math.round(Number(size[1])) : undefined,
    height: size?.[2] ? Math.round(Number(size[2])) : undefined,
    pages: pages > 1 ? pages : undefined,
    created_at: isoDate(info.CreationDate),
    author: text(info.Author),
    description: text(info.Subject) ?? text(info.Title),
    keywords: splitKeywords(info.Keywords),
  });
}

/** Without poppler: the same fields from pdf.js, in the decoder thread. */
async function pdfInfoByPdfJs(path: string, timeoutMs: number): Promise<MediaMetadata> {
  const info = await decodeInWorker({ kind: 'pdf-info', path }, timeoutMs);
  return compact<MediaMetadata>({
    width: Math.round(info.width) || undefined,
    height: Math.round(info.height) || undefined,
    pages: info.pages > 1 ? info.pages : undefined,
    created_at: pdfDate(info.creationDate),
    author: text(info.author),
    description: text(info.subject) ?? text(info.title),
    keywords: splitKeywords(info.keywords),
  });
}

// ---- value helpers: metadata is free text from anywhere, so every value is checked for shape ----

function dict(v: unknown): Dict {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Dict) : {};
}

function lowerKeys(v: unknown): Dict {
  return Object.fromEntries(Object.entries(dict(v)).map(([k, x]) => [k.toLowerCase(), x]));
}

function compact<T extends object>(o: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const MAX_TEXT = 2000;

function text(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return undefined;
  // Control characters come from padded EXIF fields and broken encoders, never from people.
  // eslint-disable-next-line no-control-regex
  const s = v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return s ? s.slice(0, MAX_TEXT) : undefined;
}

function strings(v: unknown): string[] {
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => text(langText(x) ?? x)).filter((x): x is string => x !== undefined);
}

function joined(v: unknown): string | undefined {
  const list = strings(v);
  return list.length ? list.join(', ') : undefined;
}

/** XMP language alternatives arrive as {lang, value} or a list of them; x-default comes first. */
function langText(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    const d = v.find((x) => dict(x).lang === 'x-default') ?? v[0];
    return langText(d);
  }
  if (v && typeof v === 'object') return text(dict(v).value);
  return text(v);
}

function uniqueStrings(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = s.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function splitKeywords(v: unknown): string[] | undefined {
  const s = text(v);
  if (!s) return undefined;
  const list = uniqueStrings(
    s
      .split(/[,;]/)
      .map((x) => x.trim())
      .filter(Boolean),
  );
  return list.length ? list : undefined;
}

// What cameras write when nobody typed a description.
const CAMERA_DEFAULTS = /^(olympus digital camera|sony dsc|digital camera|default|untitled|image|picture|\s*)$/i;

function cameraDescription(v: unknown): string | undefined {
  const s = text(v);
  return s && !CAMERA_DEFAULTS.test(s) ? s : undefined;
}

function first(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v;
}

function positive(v: unknown): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

function exposure(v: unknown): string | undefined {
  const t = positive(v);
  if (t === undefined) return undefined;
  if (t >= 0.3) return String(Math.round(t * 10) / 10);
  return `1/${Math.round(1 / t)}`;
}

const MIN_YEAR = 1826; // the oldest surviving photograph; anything earlier is a zeroed field
function plausible(d: Date): string | undefined {
  const year = d.getUTCFullYear();
  return Number.isNaN(d.getTime()) || year < MIN_YEAR || year > new Date().getUTCFullYear() + 1
    ? undefined
    : d.toISOString();
}

/** "2024:05:04 03:02:01" with an optional "+02:00" from the OffsetTime tags. */
function exifDate(v: unknown, offset: unknown): string | undefined {
  const s = text(v);
  const m = s && /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(s);
  if (!m) return isoDate(v);
  const zone = text(offset);
  const suffix = zone && /^[+-]\d{2}:\d{2}$/.test(zone) ? zone : 'Z';
  return plausible(new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${suffix}`));
}

/** ISO 8601 in its XMP, PDF (pdfinfo -isodates) and QuickTime spellings; a date alone is midnight UTC. */
function isoDate(v: unknown): string | undefined {
  const s = text(v);
  if (!s) return undefined;
  const m =
    /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) return undefined;
  const zone = m[7] ? (m[7] === 'Z' ? 'Z' : m[7].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z';
  return plausible(new Date(`${m[1]}-${m[2]}-${m[3] ?? '01'}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`));
}

/** A PDF date as the file stores it: `D:YYYYMMDDHHmmSS` then `Z`, or `+HH'mm'`. */
function pdfDate(v: unknown): string | undefined {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text(v) ?? '');
  if (!m) return undefined;
  const zone = !m[7] || m[7] === 'Z' ? 'Z' : m[7].replace(/^([+-]\d{2})'?(\d{2})'?$/, '$1:$2');
  return isoDate(`${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`);
}

/** IPTC keeps the date (CCYYMMDD) and time (HHMMSS±HHMM) apart. */
function iptcDate(date: unknown, time: unknown): string | undefined {
  const d = text(date)?.replace(/-/g, '');
  const m = d && /^(\d{4})(\d{2})(\d{2})$/.exec(d);
  if (!m) return undefined;
  const t = /^(\d{2}):?(\d{2}):?(\d{2})([+-]\d{2}:?\d{2})?/.exec(text(time) ?? '');
  const zone = t?.[4] ? t[4].replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2') : 'Z';
  return plausible(new Date(`${m[1]}-${m[2]}-${m[3]}T${t?.[1] ?? '00'}:${t?.[2] ?? '00'}:${t?.[3] ?? '00'}${zone}`));
}
