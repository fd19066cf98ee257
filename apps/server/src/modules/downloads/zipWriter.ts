import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { ZipFile } from 'yazl';

// yazl checksums every byte with buffer-crc32, in JavaScript (~300 MB/s here): the bottleneck of
// a stored zip. Node's zlib.crc32 computes the same value natively, ten times as fast, so yazl's
// copy of the module is pointed at it (bench/zip: 0.76 → see the commit for the figures).
const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = fromYazl('buffer-crc32') as { unsigned: (buf: Buffer, previous?: number) => number };
bufferCrc32.unsigned = (buf, previous) => crc32(buf, previous ?? 0);

/** Media formats that are compressed already: stored as they are, deflate would only cost time. */
const COMPRESSIBLE =
  /^(text\/|image\/(svg\+xml|bmp|tiff|x-ms-bmp|vnd\.adobe\.photoshop|x-photoshop)|application\/(json|xml|postscript|illustrator|rtf|x-tex|vnd\.adobe\.illustrator|x-indesign|octet-stream))/;

export const compressible = (mime: string) => COMPRESSIBLE.test(mime);

export interface ZipSource {
  /** Path inside the archive (already safe: see zipNames). */
  path: string;
  mime: string;
  mtime: Date;
  /** The file's bytes, or null when it is gone (it is then listed as skipped). Opened one at a time. */
  open(): Promise<{ stream: Readable; size: number } | null>;
}

export interface ZipOptions {
  /** Files from this size on (and the archive's end) use the zip64 format; yazl switches by itself at 4 GiB. */
  zip64From?: number;
  /** A text file added last, given what was skipped, when there is something to say. */
  note?: (skipped: string[]) => { path: string; text: string } | null;
  signal?: AbortSignal;
  onEntry?: (done: number, of: number) => void | Promise<void>;
}

export interface ZipResult {
  files: number;
  skipped: string[];
}

/**
 * Writes `sources` as a zip into `zip.outputStream`, which the caller is already consuming (a
 * storage upload, an HTTP answer): one source is read at a time and its bytes flow straight
 * through, so memory stays flat whatever the archive's size.
 */
export async function writeZip(zip: ZipFile, sources: Iterable<ZipSource>, total: number, opts: ZipOptions = {}) {
  const skipped: string[] = [];
  let files = 0;
  let done = 0;
  let zip64 = false;
  const failed = new Promise<never>((_, reject) => zip.once('error', reject));
  failed.catch(() => undefined);
  for (const src of sources) {
    opts.signal?.throwIfAborted();
    const opened = await src.open();
    done++;
    if (!opened) {
      skipped.push(src.path);
      await opts.onEntry?.(done, total);
      continue;
    }
    const { stream, size } = opened;
    const ended = Promise.race([once(stream, 'end'), failed]);
    const big = opts.zip64From !== undefined && size >= opts.zip64From;
    zip64 ||= big;
    zip.addReadStream(stream, src.path, {
      size,
      mtime: src.mtime,
      compress: compressible(src.mime),
      forceZip64Format: big,
    });
    try {
      await ended;
    } catch (err) {
      stream.destroy();
      throw err;
    }
    files++;
    await opts.onEntry?.(done, total);
  }
  const note = opts.note?.(skipped);
  if (note) zip.addBuffer(Buffer.from(note.text, 'utf8'), note.path, { compress: true });
  zip.end({ forceZip64Format: zip64, comment: '' });
  return { files, skipped } satisfies ZipResult;
}
