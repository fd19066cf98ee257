import type { DocumentPage, DocumentText } from './documents.js';
import type { TextLine } from './ocr.js';

/**
 * The caps that keep one document from taking the worker or bloating the database (issue 42,
 * "Bad input"). A file past a page cap is read up to it and says so in its note; a file whose
 * parts would expand past a byte cap is not read at all ("too large").
 */
export const DOCUMENT_LIMITS = {
  /** Characters of text kept per file, over all its pages (about 1 MB of text). */
  textChars: 1_000_000,
  /** PDF pages, slides or sheets whose text is read; a 2,000-page PDF gives its first 500. */
  pages: 500,
  /** Scanned PDF pages (no text layer) rendered and read by OCR, at most. */
  ocrPages: 20,
  /** Long side of a scanned page's render for OCR, in pixels. */
  renderSide: 2000,
  /** Files larger than this are not opened (pdf.js and mammoth read a file whole). */
  fileBytes: 1024 * 1024 * 1024,
  /** An Office file's zip: entries, bytes one entry may expand to, bytes all the read entries may. */
  zipEntries: 10_000,
  entryBytes: 64 * 1024 * 1024,
  zipBytes: 256 * 1024 * 1024,
  /** Spreadsheet cells read per workbook. */
  cells: 200_000,
};

/** A file that is not read, with the reason the analysis records. */
export class DocumentRefused extends Error {
  constructor(
    readonly state: 'skipped' | 'failed',
    readonly reason: string,
  ) {
    super(reason);
  }
}

export const tooLarge = () => new DocumentRefused('failed', 'too large');

/** Trailing spaces off each line, no runs of blank lines, no blank ends. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Collects a document's pages under the text cap; a reader stops when `full`. Notes say what
 * was left out (pages past a cap, a page OCR could not read), for the analysis to show.
 */
export class PageCollector {
  readonly pages: DocumentPage[] = [];
  private chars = 0;
  private readonly notes: string[] = [];
  full = false;

  /** Adds a page's text (empty pages are left out); answers false once the text cap is reached. */
  add(page: number, raw: string, ocr?: { width: number; height: number; lines: TextLine[] }): boolean {
    if (this.full) return false;
    let text = tidy(raw);
    if (!text && !ocr?.lines.length) return true;
    const room = DOCUMENT_LIMITS.textChars - this.chars;
    if (text.length > room) {
      text = text.slice(0, room);
      this.full = true;
      this.note(`text cut at ${DOCUMENT_LIMITS.textChars.toLocaleString('en')} characters`);
    }
    this.chars += text.length;
    this.pages.push(ocr ? { page, text, ocr } : { page, text });
    return !this.full;
  }

  note(s: string) {
    if (!this.notes.includes(s)) this.notes.push(s);
  }

  result(): DocumentText {
    return this.notes.length
      ? { state: 'done', pages: this.pages, note: this.notes.join('; ') }
      : { state: 'done', pages: this.pages };
  }
}

/** XML character references and the five named entities, for text taken out of XML by pattern. */
export function xmlUnescape(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_m, e: string) => {
    const k = e.toLowerCase();
    if (k[0] === '#') {
      const code = k[1] === 'x' ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[k] ?? '';
  });
}
