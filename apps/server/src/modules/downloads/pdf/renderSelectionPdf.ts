import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { formatDate, labelsFor } from './labels.js';
import { drawAssetPage, drawCover, drawSheetCell } from './pages.js';
import type { Sheet } from './pages.js';
import { PAGE_PREVIEW_PX, SHEET_PREVIEW_PX, preparePreview } from './previewImage.js';
import { registerFonts } from './theme.js';
import { SHEET_PER_PAGE } from './types.js';
import type { PdfInput, PdfOptions } from './types.js';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * Forwards the document's bytes to `out` and lets the renderer wait while `out` is full, so a
 * slow consumer (an S3 upload) holds at most about one page in memory, not the whole PDF.
 */
function sink(doc: Doc, out: NodeJS.WritableStream, signal: AbortSignal | undefined) {
  let full = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const nudge = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const onDrain = () => {
    full = false;
    nudge();
  };
  const onError = (err: unknown) => {
    failure ??= err;
    nudge();
  };
  doc.on('data', (chunk: Buffer) => {
    if (!out.write(chunk)) full = true;
  });
  doc.on('error', onError);
  out.on('drain', onDrain);
  out.on('error', onError);
  signal?.addEventListener('abort', nudge);
  // The error listener stays: `fail` destroys `out` with an error, which must not go unhandled.
  const detach = () => {
    out.removeListener('drain', onDrain);
    signal?.removeEventListener('abort', nudge);
  };
  const check = () => {
    if (failure) throw failure;
    signal?.throwIfAborted();
  };
  return {
    async ready() {
      check();
      while (full) {
        await new Promise<void>((resolve) => (wake = resolve));
        check();
      }
    },
    async end() {
      const ended = new Promise<void>((resolve) => doc.once('end', resolve));
      doc.end();
      await ended;
      check();
      out.end();
      detach();
      await finished(out, { readable: false });
    },
    /** A consumer must never take a cut-off PDF for a whole one: `out` is destroyed with the error. */
    fail(err: unknown) {
      detach();
      doc.removeAllListeners('data');
      const d = out as NodeJS.WritableStream & { destroy?: (e?: Error) => void };
      d.destroy?.(err instanceof Error ? err : new Error(String(err)));
    },
  };
}

/**
 * The PDF of a selection: a cover (brand, date, requester, count), then each asset on its own
 * page or 12 to a contact-sheet page. Previews are loaded, shrunk to JPEG and embedded one at a
 * time, so memory does not grow with the selection. Ends `out` when done; on an error or an abort
 * (checked between assets) destroys it and rejects. Plain function: no database, no storage.
 */
export async function renderSelectionPdf(
  input: PdfInput,
  out: NodeJS.WritableStream,
  opts: PdfOptions = {},
): Promise<{ pages: number }> {
  const { signal, onProgress } = opts;
  const total = input.assets.length;
  const sheet = input.layout === 'sheet';
  const pages = 1 + (sheet ? Math.ceil(total / SHEET_PER_PAGE) : total);
  const labels = labelsFor(input.lang);
  const dateText = formatDate(input.lang, input.createdAt, input.timeZone);

  const doc = new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    margin: 0,
    lang: input.lang,
    displayTitle: true,
    info: {
      Title: `${input.brand.name} · ${labels.title}`,
      Author: input.requester.name,
      Creator: 'Brandvault',
      CreationDate: input.createdAt,
    },
  });
  const io = sink(doc, out, signal);
  try {
    signal?.throwIfAborted();
    registerFonts(doc);
    const s: Sheet = { doc, input, labels, dateText, pages };
    drawCover(s);
    for (let i = 0; i < total; i++) {
      await io.ready();
      const asset = input.assets[i]!;
      const bytes = await asset.preview();
      signal?.throwIfAborted();
      const picture = bytes ? await preparePreview(bytes, sheet ? SHEET_PREVIEW_PX : PAGE_PREVIEW_PX) : null;
      if (sheet) drawSheetCell(s, asset, picture, i);
      else drawAssetPage(s, asset, picture, i);
      onProgress?.(i + 1, total);
    }
    await io.end();
    return { pages };
  } catch (err) {
    io.fail(err);
    throw err;
  }
}
