import { fileTypeFromFile } from 'file-type';
import { readHead } from './head.js';
import { SNIFF_BYTES, sniffText } from './sniff.js';
import type { SniffResult } from './sniff.js';

/** The asset types the product filters by. */
export const ASSET_TYPES = ['image', 'video', 'audio', 'document', 'other'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** Finer than the asset type, for icons and for seeding: design files and archives are "other". */
export type FileGroup = 'image' | 'video' | 'audio' | 'document' | 'design' | 'archive';

/**
 * How an upload's bytes are checked against its claimed extension:
 * - magic: the format has a signature that file-type knows; the bytes must carry a compatible one.
 * - svg:   XML text; the first element must be <svg>.
 * - text:  plain text; must not contain NUL bytes or look like HTML/PHP to a browser or server.
 * - loose: the format has no signature file-type knows (or only sometimes, as zip); when file-type
 *          does recognise the bytes they must be compatible, otherwise the text rules apply.
 */
export type ContentCheck = 'magic' | 'svg' | 'text' | 'loose';

export interface ExtensionInfo {
  ext: string;
  mime: string;
  assetType: AssetType;
  group: FileGroup;
  check: ContentCheck;
  /** file-type's `ext` values that count as this extension (same format or same container family). */
  accepts: readonly string[];
}

// Containers that several extensions share: file-type names the brand it sees, which for ISO media
// depends on the encoder (an iPhone .mov often says "qt", a re-muxed one "isom"), so the family counts.
const ISO_VIDEO = ['mp4', 'mov', 'm4v', '3gp', '3g2', 'f4v', 'm4p'];
const ISO_AUDIO = ['m4a', 'mp4', 'm4b', 'm4p', '3gp', '3g2', 'f4a'];
const MATROSKA = ['mkv', 'webm'];
const OGG = ['ogg', 'oga', 'ogv', 'opus', 'ogm', 'ogx', 'spx'];
// Office and OpenDocument files are zips; file-type tells them apart by the first entries, and a
// file written by a less common tool can come out as plain "zip" or a sibling (macro, template).
const WORD = ['docx', 'docm', 'dotx', 'dotm', 'zip'];
const EXCEL = ['xlsx', 'xlsm', 'xltx', 'xltm', 'zip'];
const POWERPOINT = ['pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm', 'zip'];
const ZIP_FAMILY = [
  'zip',
  ...new Set([...WORD, ...EXCEL, ...POWERPOINT]),
  'odt',
  'ods',
  'odp',
  'odg',
  'ott',
  'ots',
  'otp',
  'otg',
  'epub',
  'jar',
  'apk',
  'xpi',
  'vsdx',
  '3mf',
];

type Row = [
  ext: string,
  mime: string,
  assetType: AssetType,
  group: FileGroup,
  check: ContentCheck,
  accepts: readonly string[],
];

const ROWS: Row[] = [
  ['jpg', 'image/jpeg', 'image', 'image', 'magic', ['jpg']],
  ['jpeg', 'image/jpeg', 'image', 'image', 'magic', ['jpg']],
  ['png', 'image/png', 'image', 'image', 'magic', ['png', 'apng']],
  ['gif', 'image/gif', 'image', 'image', 'magic', ['gif']],
  ['webp', 'image/webp', 'image', 'image', 'magic', ['webp']],
  ['tiff', 'image/tiff', 'image', 'image', 'magic', ['tif']],
  ['tif', 'image/tiff', 'image', 'image', 'magic', ['tif']],
  ['avif', 'image/avif', 'image', 'image', 'magic', ['avif']],
  ['svg', 'image/svg+xml', 'image', 'image', 'svg', ['xml']],
  // HEIF is a container: an iPhone photo says "heic", an AV1-coded one "avif".
  ['heic', 'image/heic', 'image', 'image', 'magic', ['heic', 'avif']],
  ['heif', 'image/heif', 'image', 'image', 'magic', ['heic', 'avif']],
  ['bmp', 'image/bmp', 'image', 'image', 'magic', ['bmp']],

  ['mp4', 'video/mp4', 'video', 'video', 'magic', ISO_VIDEO],
  ['mov', 'video/quicktime', 'video', 'video', 'magic', ISO_VIDEO],
  ['m4v', 'video/x-m4v', 'video', 'video', 'magic', ISO_VIDEO],
  ['webm', 'video/webm', 'video', 'video', 'magic', MATROSKA],
  ['avi', 'video/x-msvideo', 'video', 'video', 'magic', ['avi']],
  ['mkv', 'video/x-matroska', 'video', 'video', 'magic', MATROSKA],

  ['mp3', 'audio/mpeg', 'audio', 'audio', 'magic', ['mp3', 'mp2', 'mp1']],
  ['wav', 'audio/wav', 'audio', 'audio', 'magic', ['wav']],
  ['m4a', 'audio/mp4', 'audio', 'audio', 'magic', ISO_AUDIO],
  // Many ".aac" files are really M4A containers rather than raw ADTS streams.
  ['aac', 'audio/aac', 'audio', 'audio', 'magic', ['aac', ...ISO_AUDIO]],
  ['ogg', 'audio/ogg', 'audio', 'audio', 'magic', OGG],
  ['flac', 'audio/flac', 'audio', 'audio', 'magic', ['flac']],

  ['pdf', 'application/pdf', 'document', 'document', 'magic', ['pdf', 'ai']],
  // Legacy Office files are OLE compound files; Word also saves RTF under .doc.
  ['doc', 'application/msword', 'document', 'document', 'magic', ['cfb', 'rtf']],
  [
    'docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'document',
    'document',
    'magic',
    WORD,
  ],
  ['xls', 'application/vnd.ms-excel', 'document', 'document', 'magic', ['cfb']],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document', 'document', 'magic', EXCEL],
  ['ppt', 'application/vnd.ms-powerpoint', 'document', 'document', 'magic', ['cfb']],
  [
    'pptx',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'document',
    'document',
    'magic',
    POWERPOINT,
  ],
  ['txt', 'text/plain', 'document', 'document', 'text', ['vtt', 'ics', 'vcf']],
  ['csv', 'text/csv', 'document', 'document', 'text', []],
  ['rtf', 'application/rtf', 'document', 'document', 'magic', ['rtf']],
  ['odt', 'application/vnd.oasis.opendocument.text', 'document', 'document', 'magic', ['odt', 'ott', 'zip']],
  ['ods', 'application/vnd.oasis.opendocument.spreadsheet', 'document', 'document', 'magic', ['ods', 'ots', 'zip']],
  ['odp', 'application/vnd.oasis.opendocument.presentation', 'document', 'document', 'magic', ['odp', 'otp', 'zip']],

  ['psd', 'image/vnd.adobe.photoshop', 'other', 'design', 'magic', ['psd']],
  // Illustrator files are PDF (since CS) or PostScript (older ones).
  ['ai', 'application/postscript', 'other', 'design', 'magic', ['pdf', 'ai', 'ps', 'eps']],
  ['eps', 'application/postscript', 'other', 'design', 'magic', ['eps', 'ps']],
  ['indd', 'application/x-indesign', 'other', 'design', 'magic', ['indd']],
  // Sketch 43+ is a zip, older files SQLite; Figma and XD exports have no signature file-type knows.
  ['sketch', 'application/x-sketch', 'other', 'design', 'loose', ['zip', 'sqlite']],
  ['fig', 'application/x-figma', 'other', 'design', 'loose', ['zip']],
  ['xd', 'application/vnd.adobe.xd', 'other', 'design', 'loose', ['zip']],

  ['zip', 'application/zip', 'other', 'archive', 'magic', ZIP_FAMILY],
];

/**
 * The default extension allow-list, as data: the extensions table is seeded from it, and an
 * extension an administrator adds later that is not listed here is checked by the "loose" rules.
 */
export const DEFAULT_EXTENSIONS: readonly ExtensionInfo[] = ROWS.map(
  ([ext, mime, assetType, group, check, accepts]) => ({
    ext,
    mime,
    assetType,
    group,
    check,
    accepts,
  }),
);

const BY_EXT = new Map(DEFAULT_EXTENSIONS.map((e) => [e.ext, e]));

export function extensionInfo(ext: string): ExtensionInfo | undefined {
  return BY_EXT.get(normalizeExtension(ext));
}

/** "JPG", ".jpg" and "jpg" are the same extension. */
export function normalizeExtension(ext: string): string {
  return ext.trim().replace(/^\.+/, '').toLowerCase();
}

/** The asset type for a MIME type that is not in the table (an extension added by an administrator). */
export function assetTypeForMime(mime: string | undefined): AssetType {
  if (!mime) return 'other';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf' || mime.startsWith('text/')) return 'document';
  return 'other';
}

/** The extension a file name claims: after the last dot of its last path segment, lower-cased. */
export function extensionOf(fileName: string): string | undefined {
  const base = fileName.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot < 0 || dot === base.length - 1) return undefined;
  return normalizeExtension(base.slice(dot + 1));
}

/** What the bytes of a file are, independent of its name. */
export interface DetectedType {
  /** The content's type: file-type's magic numbers, else text sniffing; undefined for unknown binary or empty. */
  ext: string | undefined;
  mime: string | undefined;
  assetType: AssetType;
  /** Where `ext` came from. */
  source: 'magic' | 'sniff' | 'none';
  /** The text sniffer's verdict when file-type did not settle it (unknown bytes, or generic XML). */
  sniff: SniffResult | undefined;
  size: number;
  /** The claimed extension of the file name given, for convenience. */
  claimedExt: string | undefined;
}

const SNIFFED: Partial<Record<SniffResult, { ext: string; mime: string }>> = {
  svg: { ext: 'svg', mime: 'image/svg+xml' },
  html: { ext: 'html', mime: 'text/html' },
  php: { ext: 'php', mime: 'application/x-httpd-php' },
  xml: { ext: 'xml', mime: 'application/xml' },
  text: { ext: 'txt', mime: 'text/plain' },
};

/** Reads the first bytes of a file and says what it really is. Throws only when the file cannot be read. */
export async function detectType(path: string, fileName: string): Promise<DetectedType> {
  const { head, size } = await readHead(path, SNIFF_BYTES);
  const claimedExt = extensionOf(fileName);
  // file-type reads further than the head for zip-based formats (it looks at the entries).
  const magic = size === 0 ? undefined : await fileTypeFromFile(path).catch(() => undefined);
  if (magic && magic.ext !== 'xml') {
    return {
      ext: magic.ext,
      mime: magic.mime,
      assetType: assetTypeForMime(magic.mime),
      source: 'magic',
      sniff: undefined,
      size,
      claimedExt,
    };
  }
  const sniff = sniffText(head);
  const found = SNIFFED[sniff];
  return {
    ext: found?.ext,
    mime: found?.mime,
    assetType: found?.ext === 'svg' ? 'image' : found ? 'document' : 'other',
    source: found ? 'sniff' : 'none',
    sniff,
    size,
    claimedExt,
  };
}

export type RejectionReason = 'missing_extension' | 'extension_not_allowed' | 'content_mismatch';

export type UploadVerdict =
  | {
      ok: true;
      ext: string;
      /** The type to store and serve: the table's for a known extension, else the allow-list's or the detected one. */
      mime: string;
      assetType: AssetType;
      group: FileGroup | undefined;
      /** Zero bytes: store it, make no derivatives, show the type icon. */
      empty: boolean;
    }
  | {
      ok: false;
      reason: RejectionReason;
      ext: string | undefined;
      /** What the bytes were found to be, for the log line. */
      found: string | undefined;
    };

/** An allow-list row: the extension, and for one the table does not know, the MIME type the administrator gave. */
export type AllowedExtension = string | { ext: string; mime?: string | null | undefined };

function allowedEntry(
  ext: string,
  allowList: Iterable<AllowedExtension>,
): { ext: string; mime?: string | null | undefined } | undefined {
  for (const row of allowList) {
    const entry = typeof row === 'string' ? { ext: row } : row;
    if (normalizeExtension(entry.ext) === ext) return entry;
  }
  return undefined;
}

type Rule = Omit<ExtensionInfo, 'group'>;

// Markup a browser or PHP would act on is never acceptable under a name that says otherwise.
const NEVER: ReadonlySet<SniffResult> = new Set(['html', 'php']);

/** Whether the bytes agree with the claimed extension, by the extension's check kind. */
function contentAgrees(info: Rule, detected: DetectedType): boolean {
  const sniff = detected.sniff;
  if (sniff && NEVER.has(sniff)) return false;
  const magicOk =
    detected.source === 'magic' && (detected.ext === info.ext || info.accepts.includes(detected.ext ?? ''));
  switch (info.check) {
    case 'magic':
      return magicOk;
    case 'svg':
      return sniff === 'svg';
    case 'text':
      return detected.source === 'magic' ? magicOk : sniff === 'text' || sniff === 'xml';
    case 'loose':
      return detected.source === 'magic' ? magicOk : sniff !== 'svg';
  }
}

/**
 * The upload rule: the name must have an extension, the extension must be allowed, and the bytes
 * must agree with it. A zero-byte file passes for the text-like and signature-less types (there is
 * nothing in it to mismatch) and is reported as empty; for a type with a signature it does not.
 */
export function checkExtensionMatchesContent(
  fileName: string,
  detected: DetectedType,
  allowList: Iterable<AllowedExtension>,
): UploadVerdict {
  const ext = extensionOf(fileName);
  const found = detected.ext ?? detected.sniff;
  if (!ext) return { ok: false, reason: 'missing_extension', ext: undefined, found };
  const allowed = allowedEntry(ext, allowList);
  if (!allowed) return { ok: false, reason: 'extension_not_allowed', ext, found };

  const known = extensionInfo(ext);
  const adminMime = allowed.mime ?? undefined;
  const info: Rule = known ?? {
    ext,
    mime: adminMime ?? detected.mime ?? 'application/octet-stream',
    assetType: assetTypeForMime(adminMime ?? detected.mime),
    check: 'loose',
    // For an extension only the administrator knows, its MIME type is the only family there is.
    accepts: detected.mime !== undefined && detected.mime === adminMime && detected.ext ? [detected.ext] : [],
  };
  const verdict = (empty: boolean): UploadVerdict => ({
    ok: true,
    ext,
    mime: info.mime,
    assetType: info.assetType,
    group: known?.group,
    empty,
  });

  if (detected.size === 0) {
    return info.check === 'magic' ? { ok: false, reason: 'content_mismatch', ext, found: 'empty' } : verdict(true);
  }
  return contentAgrees(info, detected) ? verdict(false) : { ok: false, reason: 'content_mismatch', ext, found };
}

/** detectType and the verdict in one call, for the upload path. */
export async function inspectUpload(
  path: string,
  fileName: string,
  allowList: Iterable<AllowedExtension>,
): Promise<UploadVerdict & { detected: DetectedType }> {
  const detected = await detectType(path, fileName);
  return { ...checkExtensionMatchesContent(fileName, detected, allowList), detected };
}
