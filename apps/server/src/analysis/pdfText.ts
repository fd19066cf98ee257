import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DOCUMENT_LIMITS, DocumentRefused, PageCollector, tooLarge } from './documentPages.js';
import type { DocumentText } from './documents.js';
import type { TextLine } from './ocr.js';

/** Reads the lines of an encoded page render; throws OcrUnavailable when the model cannot load. */
export type ScanReader = (png: Buffer) => Promise<TextLine[]>;

export class OcrUnavailable extends Error {}

const require = createRequire(import.meta.url);
let pdfjs: Promise<typeof PdfJs> | undefined;
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
const pdfjsDir = () => dirname(require.resolve('pdfjs-dist/package.json'));

type PdfDocument = Awaited<ReturnType<typeof PdfJs.getDocument>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

async function open(data: Uint8Array): Promise<PdfDocument> {
  const { getDocument } = await loadPdfJs();
  const dir = pdfjsDir();
  return getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    // Fonts and character maps a PDF names without embedding come from pdf.js's own files.
    standardFontDataUrl: pathToFileURL(join(dir, 'standard_fonts') + '/').href,
    cMapUrl: pathToFileURL(join(dir, 'cmaps') + '/').href,
    cMapPacked: true,
    // An image bomb inside a page is not decoded (the page's render leaves it out).
    maxImageSize: 100_000_000,
    verbosity: 0,
  }).promise;
}

/** The page's text layer in content order, a line break where pdf.js sees a line end. */
async function pageText(page: PdfPage): Promise<string> {
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text;
}

/** Renders a page on white, `renderSide` px on its long side, as PNG. */
async function render(page: PdfPage) {
  const unit = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: DOCUMENT_LIMITS.renderSide / Math.max(unit.width, unit.height, 1) });
  const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
  return { width: canvas.width, height: canvas.height, png: await canvas.encode('png') };
}

export interface PdfOptions {
  ocr: ScanReader;
  /** Why OCR cannot run, when the host already knows (the model failed to load before). */
  ocrDown?: string;
  /** Epoch ms past which no further page is started. */
  deadline: number;
}

/**
 * A PDF's text (issue 42 §1): each page's text layer; a page without one (a scan) is rendered and
 * read by OCR, for the first `ocrPages` such pages. Reads the first `pages` pages and stops at
 * `deadline` (epoch ms) with what it has; the note says what was left.
 */
export async function pdfText(path: string, opts: PdfOptions): Promise<DocumentText> {
  const { ocr, deadline } = opts;
  if ((await stat(path)).size > DOCUMENT_LIMITS.fileBytes) throw tooLarge();
  let doc: PdfDocument;
  try {
    doc = await open(new Uint8Array(await readFile(path)));
  } catch (err) {
    const e = err as Error;
    if (e.name === 'PasswordException') throw new DocumentRefused('skipped', 'password-protected');
    throw new DocumentRefused('failed', `unreadable PDF: ${e.message}`);
  }
  const out = new PageCollector();
  let scans = 0;
  let missed = 0;
  let ocrDown = opts.ocrDown;
  try {
    const last = Math.min(doc.numPages, DOCUMENT_LIMITS.pages);
    if (doc.numPages > last) out.note(`read the first ${last} of ${doc.numPages} pages`);
    for (let n = 1; n <= last; n++) {
      if (Date.now() > deadline) {
        out.note(`stopped at page ${n} of ${doc.numPages}: time limit`);
        break;
      }
      let page: PdfPage;
      try {
        page = await doc.getPage(n);
      } catch (err) {
        // A broken page object: the others may still be read.
        out.note(`page ${n} unreadable: ${(err as Error).message}`);
        continue;
      }
      try {
        const text = await pageText(page);
        if (text.trim()) {
          if (!out.add(n, text)) break;
          continue;
        }
        if (ocrDown) {
          missed++;
          out.note(`pages without a text layer not read: ${ocrDown}`);
          continue;
        }
        if (scans >= DOCUMENT_LIMITS.ocrPages) {
          out.note(`OCR read the first ${DOCUMENT_LIMITS.ocrPages} pages without a text layer`);
          continue;
        }
        scans++;
        const shot = await render(page);
        try {
          const lines = await ocr(shot.png);
          if (!out.add(n, lines.map((l) => l.text).join('\n'), { width: shot.width, height: shot.height, lines }))
            break;
        } catch (err) {
          if (err instanceof OcrUnavailable) {
            ocrDown = `OCR unavailable (${err.message})`;
            missed++;
            out.note(`pages without a text layer not read: ${ocrDown}`);
          } else out.note(`page ${n}: OCR failed (${(err as Error).message})`);
        }
      } finally {
        page.cleanup();
      }
    }
  } finally {
    await doc.destroy();
  }
  const result = out.result();
  // Nothing read and scans left unread because OCR is down: the analysis did not happen.
  if (ocrDown && missed > 0 && result.state === 'done' && result.pages.length === 0)
    return { state: 'skipped', reason: ocrDown };
  return result;
}
