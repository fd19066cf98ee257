import exifr from 'exifr';
import sharp from 'sharp';
import { isPdf } from './head.js';
import { configureSharp } from './sharp-settings.js';
import { detectTools, runTool } from './tools.js';
import type { Tools } from './tools.js';
import type { AssetType } from './types.js';
import { decodeInWorker } from './wasm/decoders.js';
import {
  cameraDescription,
  compact,
  dict,
  exifDate,
  exposure,
  first,
  iptcDate,
  isoDate,
  joined,
  langText,
  lowerKeys,
  pdfDate,
  positive,
  splitKeywords,
  strings,
  text,
  uniqueStrings,
} from './metadata.values.js';
import type { Dict } from './metadata.values.js';

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

/** Decimal degrees, north and east positive. */
export interface Location {
  lat: number;
  lng: number;
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
  /** Where a photo was taken (EXIF GPS). */
  location?: Location;
  /** Pages of a PDF or frames of a multi-page image, when more than one. */
  pages?: number;
  /** What IPTC and XMP say for a brand's fields; each brand maps these to its own (issue 39 §4). */
  embedded?: Embedded;
}

/** The embedded sources a brand may map into its fields. */
export interface Embedded {
  /** Lightroom and Capture One keyword paths, `A|B|C`. */
  hierarchical_subject?: string[];
  creator?: string;
  copyright?: string;
  credit?: string;
  headline?: string;
  caption?: string;
  city?: string;
  country?: string;
  /** YYYY-MM-DD, as the photographer dated the picture. */
  date_created?: string;
}

export interface MetadataOptions {
  tools?: Tools;
  /** Per external tool call. */
  timeoutMs?: number;
}

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
  gps: true,
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

  const lr = dict(raw.lr);
  const hierarchical = uniqueStrings(
    strings(lr.hierarchicalSubject)
      .map((p) =>
        p
          .split('|')
          .map((x) => x.trim())
          .filter(Boolean)
          .join('|'),
      )
      .filter(Boolean),
  );
  // Every keyword source counts, none wins over another: IPTC, dc:subject and the paths' leaves.
  const leaves = hierarchical.map((p) => p.split('|').pop()!);
  const keywords = uniqueStrings([...strings(iptc.Keywords), ...strings(dc.subject), ...leaves]);
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
    location: gpsLocation(dict(raw.gps)),
    embedded: embeddedFields(raw, hierarchical, created),
  });
}

/** The IPTC/XMP values brands map to their own fields; XMP first, then the legacy IPTC record. */
function embeddedFields(raw: Dict, hierarchical: string[], created: string | undefined): Embedded | undefined {
  const iptc = dict(raw.iptc);
  const dc = dict(raw.dc);
  const photoshop = dict(raw.photoshop);
  const xmpRights = dict(raw.xmpRights);
  // The day as written: converting through a time zone could move it to the day before.
  const day = (v: unknown) => {
    const m = /^(\d{4})[-:]?(\d{2})[-:]?(\d{2})/.exec(text(v) ?? '');
    return m && isoDate(`${m[1]}-${m[2]}-${m[3]}`) ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
  };
  const dated = day(photoshop.DateCreated) ?? day(iptc.DateCreated) ?? created?.slice(0, 10);
  const out = compact<Embedded>({
    hierarchical_subject: hierarchical.length ? hierarchical : undefined,
    creator: joined(dc.creator) ?? joined(iptc.Byline),
    copyright: langText(dc.rights) ?? text(iptc.CopyrightNotice) ?? langText(xmpRights.UsageTerms),
    credit: text(photoshop.Credit) ?? text(iptc.Credit),
    headline: text(photoshop.Headline) ?? text(iptc.Headline),
    caption: langText(dc.description) ?? text(iptc.Caption),
    city: text(photoshop.City) ?? text(iptc.City),
    country: text(photoshop.Country) ?? text(iptc.Country),
    date_created: dated,
  });
  return Object.keys(out).length ? out : undefined;
}

/** Where a photo was taken, from the EXIF GPS block: degrees, minutes, seconds and a hemisphere. */
function gpsLocation(gps: Dict): Location | undefined {
  const degrees = (v: unknown, ref: unknown, south: string) => {
    const parts = Array.isArray(v) ? v.map(Number) : typeof v === 'number' ? [v] : [];
    if (parts.length === 0 || parts.some((n) => !Number.isFinite(n))) return undefined;
    const [d = 0, m = 0, sec = 0] = parts;
    const value = d + m / 60 + sec / 3600;
    return String(ref).toUpperCase().startsWith(south) ? -value : value;
  };
  const lat = degrees(gps.GPSLatitude, gps.GPSLatitudeRef, 'S');
  const lng = degrees(gps.GPSLongitude, gps.GPSLongitudeRef, 'W');
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  // 0,0 is what a camera without a fix writes, not a place in the Gulf of Guinea.
  if (lat === 0 && lng === 0) return undefined;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { lat: round(lat), lng: round(lng) };
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
