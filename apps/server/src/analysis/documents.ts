import { ModelRunError } from './models.js';
import type { TextLine } from './ocr.js';
import { readDocument } from './thread.js';

/** Extensions whose text `documentText` reads (Office files with macros are read, never run). */
export const DOCUMENT_EXTS = ['pdf', 'docx', 'docm', 'pptx', 'pptm', 'xlsx', 'xlsm'] as const;

/** One page (PDF), slide (pptx) or sheet (xlsx) of a document; a docx is one page. */
export interface DocumentPage {
  page: number;
  text: string;
  /** Set for a scanned page read by OCR: its lines, boxes in the pixels of a `width` × `height` render. */
  ocr?: { width: number; height: number; lines: TextLine[] };
}

/**
 * `note` (done only) says what was left out of a file read in part: pages past the caps, scanned
 * pages OCR did not read, text past the character cap. Pages that hold no text are left out.
 */
export type DocumentText =
  { state: 'done'; pages: DocumentPage[]; note?: string } | { state: 'skipped' | 'failed'; reason: string };

/** How long one file may take, OCR of its scanned pages included; past it the thread retires. */
export const DOCUMENT_TIMEOUT_MS = 120_000;

/**
 * The text of a document file on disk (issue 42 §1), read in the analysis thread so parsing never
 * holds the event loop. Never throws for a bad file: a corrupt one is `failed`, a
 * password-protected one `skipped`, one that takes over `timeoutMs` `failed` (and the thread,
 * with whatever it held, is ended).
 */
export async function documentText(path: string, ext: string, timeoutMs = DOCUMENT_TIMEOUT_MS): Promise<DocumentText> {
  const kind = ext.toLowerCase().replace(/^\./, '');
  if (!(DOCUMENT_EXTS as readonly string[]).includes(kind)) return { state: 'skipped', reason: 'not a document' };
  try {
    return await readDocument(path, kind, timeoutMs);
  } catch (err) {
    if (err instanceof ModelRunError) return { state: 'failed', reason: err.message };
    throw err;
  }
}
